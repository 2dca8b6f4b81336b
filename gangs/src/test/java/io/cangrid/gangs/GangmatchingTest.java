package io.cangrid.gangs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Gangmatching paper's cases (T2.1 to T2.11 of the project's matchmaking notes), each through the
 * complete oracle (fixed order, no index), the indexed fixed order and the dynamic search.
 */
class GangmatchingTest {

    private static final long NO_CLOCK = -1;

    static Stream<Arguments> searches() {
        return Stream.of(Arguments.of("naive", GangSearch.naive()), Arguments.of("left-to-right",
                GangSearch.leftToRight()), Arguments.of("dynamic", GangSearch.dynamic()));
    }

    private static GangAd ad(String name, String text) {
        return GangAd.parse(name, text);
    }

    private static Gang find(GangSearch search, GangAd root, Effort effort, GangAd... pool) {
        return search.find(root, Pool.of(List.of(pool)), NO_CLOCK, effort);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("searches")
    void t2_1TheFiguresAsPrintedFormNoGang(String name, GangSearch search) {
        Gang g = find(search, ad("job", PaperAds.job()), new Effort(), ad("foo", PaperAds.foo()),
                ad("licence", PaperAds.licenceAsPrinted()));
        assertThat(g).as(name + ": license.App (\"sim_app\") == Cmd (\"run_sim\") is false").isNull();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("searches")
    void t2_2WithTheAppFixedTheGangIsJobFooAndLicence(String name, GangSearch search) {
        GangAd job = ad("job", PaperAds.job());
        GangAd foo = ad("foo", PaperAds.foo());
        GangAd licence = ad("licence", PaperAds.licence());
        Gang g = find(search, job, new Effort(), foo, licence);
        assertThat(g).as(name).isNotNull();
        assertThat(g.memberNames()).as(name).containsExactlyInAnyOrder("job", "foo", "licence");
        assertThat(g.at("cpu")).as(name).isSameAs(foo);
        assertThat(g.at("license")).as(name).isSameAs(licence);
        assertAllTrue(g);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("searches")
    void t2_3AFasterMachineTheLicenceIsNotValidOnIsPassedOver(String name, GangSearch search) {
        GangAd foo = ad("foo", PaperAds.foo());
        GangAd bar = ad("bar", PaperAds.workstation("bar.cs.wisc.edu", 0.01, 50000));
        Gang g = find(search, ad("job", PaperAds.job()), new Effort(), bar, foo, ad("licence", PaperAds.licence()));
        assertThat(g).as(name).isNotNull();
        assertThat(g.at("cpu")).as(name + ": the licence is valid only on foo").isSameAs(foo);
    }

    @Test
    void t2_3DynamicShuntsTheLicencesHostIntoALookUpOfFoo() {
        GangAd foo = ad("foo", PaperAds.foo());
        GangAd bar = ad("bar", PaperAds.workstation("bar.cs.wisc.edu", 0.01, 50000));
        Effort effort = new Effort();
        Gang g = find(GangSearch.dynamic(), ad("job", PaperAds.job()), effort, bar, foo,
                ad("licence", PaperAds.licence()));
        assertThat(g.at("cpu")).isSameAs(foo);
        // The licence docks first (one candidate against two machines); then cpu.Name == "foo.cs.wisc.edu"
        // leaves one machine: two evaluations in all, bar never docked.
        assertThat(effort.evaluations()).as(effort.toString()).isEqualTo(2);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("searches")
    void t2_4ALicenceForNoHostFormsNoGang(String name, GangSearch search) {
        Effort effort = new Effort();
        Gang g = find(search, ad("job", PaperAds.job()), effort, ad("foo", PaperAds.foo()),
                ad("licence", PaperAds.licence("run_sim", "nohost", "")));
        assertThat(g).as(name).isNull();
        if (name.equals("dynamic")) {
            // The licence docks, and then no machine is named "nohost": no machine is ever evaluated.
            assertThat(effort.evaluations()).as(effort.toString()).isEqualTo(1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("searches")
    void t2_5NoLicenceAtAll(String name, GangSearch search) {
        Effort effort = new Effort();
        Gang g = find(search, ad("job", PaperAds.job()), effort, ad("foo", PaperAds.foo()));
        assertThat(g).as(name).isNull();
        if (name.equals("dynamic")) {
            assertThat(effort.evaluations()).as("dynamic stops before evaluating any machine: " + effort).isZero();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("searches")
    void t2_6ALicenceOnlyForSolomonIsRejectedBeforeAnyMachine(String name, GangSearch search) {
        Effort effort = new Effort();
        Gang g = find(search, ad("job", PaperAds.job()), effort, ad("foo", PaperAds.foo()),
                ad("licence", PaperAds.licence("run_sim", "foo.cs.wisc.edu", " && requester.Owner == \"solomon\"")));
        assertThat(g).as(name).isNull();
        if (name.equals("dynamic")) {
            // The index reads the licence's demand Owner == "solomon" against the job's "raman" before any
            // machine is looked at; the fixed order docks the machine first, as the paper's does.
            assertThat(effort.evaluations()).as(name + ": " + effort).isZero();
        } else if (name.equals("left-to-right")) {
            assertThat(effort.evaluations()).as(name + ": " + effort).isEqualTo(1);
        }
    }

    @Test
    void t2_7APortNamingALaterLabelIsRefusedWhenRead() {
        String bad = PaperAds.job().replace("cpu.Memory >= Imagesize;", "cpu.Memory >= Imagesize && license.App == Cmd;");
        assertThatThrownBy(() -> ad("job", bad)).isInstanceOf(GangAdException.class)
                .hasMessage("ad job, port 0 (cpu): Constraint refers to label 'license', which port 1 declares later:"
                        + " a port sees only its own label and those of the ports before it");
    }

    @Test
    void t2_8ALicenceCannotReadTheJobsLabels() {
        String bad = PaperAds.licence().replace("requester.Host==ValidHost", "cpu.Name==ValidHost");
        assertThatThrownBy(() -> ad("licence", bad)).isInstanceOf(GangAdException.class)
                .hasMessageStartingWith("ad licence, port 0 (requester): Constraint refers to label 'cpu', which no"
                        + " port of this ad declares");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("searches")
    void t2_9TwoJobsOneMachineTwoLicencesTheHigherPriorityWins(String name, GangSearch search) {
        GangAd low = ad("low", PaperAds.job("low", "run_sim", 1));
        GangAd high = ad("high", PaperAds.job("high", "run_sim", 5));
        Pool pool = Pool.of(List.of(ad("foo", PaperAds.foo()), ad("l1", PaperAds.licence()),
                ad("l2", PaperAds.licence())));
        GangMatchmaker.Round round = new GangMatchmaker(search, NO_CLOCK).round(List.of(low, high), pool);
        assertThat(round.gangs()).as(name).hasSize(1);
        assertThat(round.gangs().get(0).root()).as(name).isSameAs(high);
        assertThat(round.unmatched()).as(name).containsExactly(low);
        assertNoAdInTwoGangs(round.gangs());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("searches")
    void t2_10TwoJobsTwoMachinesOneLicenceMakeOneGang(String name, GangSearch search) {
        Pool pool = Pool.of(List.of(ad("foo", PaperAds.foo()),
                ad("bar", PaperAds.workstation("bar.cs.wisc.edu", 0.01, 50000)), ad("licence", PaperAds.licence())));
        GangMatchmaker.Round round = new GangMatchmaker(search, NO_CLOCK).round(
                List.of(ad("a", PaperAds.job("a", "run_sim", 0)), ad("b", PaperAds.job("b", "run_sim", 0))), pool);
        assertThat(round.gangs()).as(name + ": the licence is consumed by the first gang").hasSize(1);
        assertNoAdInTwoGangs(round.gangs());
    }

    @Test
    void t2_11AMachineWhoseLoadRoseBetweenMatchAndClaimVotesNoAndNothingStaysHeld() {
        GangAd job = ad("job", PaperAds.job());
        GangAd foo = ad("foo", PaperAds.foo());
        GangAd licence = ad("licence", PaperAds.licence());
        Pool pool = Pool.of(List.of(foo, licence));
        GangMatchmaker matchmaker = new GangMatchmaker(GangSearch.dynamic(), NO_CLOCK);
        Gang gang = matchmaker.round(List.of(job), pool).gangs().get(0);

        GangAd busyFoo = ad("foo", PaperAds.workstation("foo.cs.wisc.edu", 0.5, 21893));
        ClaimLedger ledger = new ClaimLedger();
        ClaimLedger.Outcome outcome = ledger.claim("g1", gang, m -> m == foo ? busyFoo : m, 1_000, 30_000, NO_CLOCK);
        assertThat(outcome.committed()).isFalse();
        assertThat(outcome.reason()).isEqualTo("prepare refused by foo: its constraints no longer hold");
        assertThat(ledger.holds()).as("no member stays held after the abort").isEmpty();

        // The members go back to the pool as their agents state them now, and matching starts over.
        Pool again = Pool.of(List.of(busyFoo, licence));
        assertThat(matchmaker.round(List.of(job), again).gangs()).as("foo is busy now: no gang").isEmpty();
        GangAd idle = ad("foo", PaperAds.foo());
        Gang retry = matchmaker.round(List.of(job), Pool.of(List.of(idle, licence))).gangs().get(0);
        assertThat(ledger.claim("g2", retry, m -> m, 2_000, 30_000, NO_CLOCK).committed()).isTrue();
        assertThat(ledger.holds().keySet()).containsExactlyInAnyOrder("job", "foo", "licence");
    }

    @Test
    void aMemberHeldForOneGangVotesNoForAnotherAndLeasesExpire() {
        GangAd foo = ad("foo", PaperAds.foo());
        GangAd l1 = ad("l1", PaperAds.licence());
        GangAd l2 = ad("l2", PaperAds.licence());
        GangAd a = ad("a", PaperAds.job("a", "run_sim", 0));
        GangAd b = ad("b", PaperAds.job("b", "run_sim", 0));
        Gang ga = GangSearch.dynamic().find(a, Pool.of(List.of(foo, l1)), NO_CLOCK, new Effort());
        Gang gb = GangSearch.dynamic().find(b, Pool.of(List.of(foo, l2)), NO_CLOCK, new Effort());
        ClaimLedger ledger = new ClaimLedger();
        assertThat(ledger.claim("A", ga, m -> m, 0, 10_000, NO_CLOCK).committed()).isTrue();
        ClaimLedger.Outcome second = ledger.claim("B", gb, m -> m, 1, 10_000, NO_CLOCK);
        assertThat(second.committed()).isFalse();
        assertThat(second.reason()).isEqualTo("prepare refused by foo: claimed by gang A");
        assertThat(ledger.holds()).as("B's holds on b went with its refusal").doesNotContainKey("b");
        ledger.finish("A");
        assertThat(ledger.claim("B", gb, m -> m, 2, 10_000, NO_CLOCK).committed()).isTrue();
    }

    /** Every constraint of every member of {@code g} is true. */
    static void assertAllTrue(Gang g) {
        assertThat(ClaimLedger.stillConsistent(g, m -> m, NO_CLOCK)).as(g.toString()).isNull();
    }

    static void assertNoAdInTwoGangs(List<Gang> gangs) {
        Map<GangAd, Gang> seen = new HashMap<>();
        for (Gang g : gangs) {
            for (GangAd m : g.members()) {
                assertThat(seen.put(m, g)).as(m.name() + " is in two gangs").isNull();
            }
        }
    }

    @Test
    void aGangMayNeedAFourthAdWhenAMemberHasAPortOfItsOwn() {
        // The licence server wants a machine of its own subnet to log to: the gang becomes four ads.
        String licence = """
            [ Type = "License"; App = "run_sim"; ValidHost = "foo.cs.wisc.edu";
              Ports = { [ Label = requester; Constraint = requester.Type=="Job" && requester.Host==ValidHost ],
                        [ Label = logger; Constraint = logger.Type == "Logger" ] } ]
            """;
        List<GangAd> pool = new ArrayList<>(List.of(ad("foo", PaperAds.foo()), ad("licence", licence)));
        for (GangSearch s : List.of(GangSearch.naive(), GangSearch.dynamic())) {
            assertThat(s.find(ad("job", PaperAds.job()), Pool.of(pool), NO_CLOCK, new Effort())).isNull();
        }
        pool.add(ad("log", "[ Type = \"Logger\"; Ports = { [ Label = client; Constraint = true ] } ]"));
        for (GangSearch s : List.of(GangSearch.naive(), GangSearch.leftToRight(), GangSearch.dynamic())) {
            Gang g = s.find(ad("job", PaperAds.job()), Pool.of(pool), NO_CLOCK, new Effort());
            assertThat(g.memberNames()).containsExactlyInAnyOrder("job", "foo", "licence", "log");
            assertAllTrue(g);
        }
    }
}
