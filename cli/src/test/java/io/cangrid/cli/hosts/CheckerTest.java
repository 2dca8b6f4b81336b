package io.cangrid.cli.hosts;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The checker of a run across hosts catches what it is there to catch: a job run twice to two results, a job
 * lost or failed, a job seen again after it completed, and zones that do not tile. Each history here is a
 * good one with one fault put in on purpose.
 */
class CheckerTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static History good() throws Exception {
        History h = new History();
        h.submitted("c1", 2, "a:1");
        h.status(JSON.readTree("{\"jobs\":[{\"job\":\"j1\",\"state\":\"RUNNING\"},{\"job\":\"j2\",\"state\":\"COMPLETED\"}]}"),
                "a:1");
        h.status(JSON.readTree("{\"jobs\":[{\"job\":\"j1\",\"state\":\"COMPLETED\"},{\"job\":\"j2\",\"state\":\"COMPLETED\"}]}"),
                "b:1");
        for (String through : List.of("a:1", "b:1")) {
            h.results(JSON.readTree("{\"jobs\":[{\"job\":\"j1\",\"stdout\":\"one\\n\",\"exitCode\":0},"
                    + "{\"job\":\"j2\",\"stdout\":\"two\\n\",\"exitCode\":0}]}"), through);
        }
        h.zones(JSON.readTree("{\"count\":2,\"tilingOk\":true,\"neighbourTablesOk\":true}"));
        return h;
    }

    @Test
    void aGoodHistoryPasses() throws Exception {
        assertThat(Checker.check(good(), 2)).isEmpty();
    }

    @Test
    void twoResultsOfOneJobAreFound() throws Exception {
        History h = good();
        h.results(JSON.readTree("{\"jobs\":[{\"job\":\"j1\",\"stdout\":\"another run\\n\",\"exitCode\":0}]}"), "c:1");
        assertThat(Checker.check(h, 2)).singleElement().asString().contains("j1 has two results");
    }

    @Test
    void aLostJobIsFound() throws Exception {
        History h = good();
        h.submitted("c2", 1, "a:1"); // acknowledged, never seen again
        assertThat(Checker.check(h, 2)).anyMatch(s -> s.contains("3 jobs acknowledged, but status reads name 2"));
    }

    @Test
    void aJobSeenAgainAfterItCompletedIsFound() throws Exception {
        History h = good();
        h.status(JSON.readTree("{\"jobs\":[{\"job\":\"j2\",\"state\":\"PENDING\"}]}"), "a:1");
        assertThat(Checker.check(h, 2)).anyMatch(s -> s.contains("j2 was COMPLETED, then seen"));
    }

    @Test
    void anOwnersNoRecordAfterTheJobCompletedIsFoundButAnUnansweredReadIsNot() throws Exception {
        History h = good();
        h.status(JSON.readTree("{\"jobs\":[{\"job\":\"j1\",\"state\":\"UNKNOWN\",\"owner\":null,"
                + "\"reason\":\"the owner did not answer\"}]}"), "a:1");
        assertThat(Checker.check(h, 2)).as("a read no owner answered says nothing of the job").isEmpty();
        assertThat(h.unanswered).isEqualTo(1);
        h.status(JSON.readTree("{\"jobs\":[{\"job\":\"j1\",\"state\":\"UNKNOWN\",\"owner\":\"b:2\","
                + "\"reason\":\"no record\"}]}"), "a:1");
        assertThat(Checker.check(h, 2)).anyMatch(s -> s.contains("j1 was COMPLETED, then seen"));
    }

    @Test
    void aFailedJobIsFound() throws Exception {
        History h = good();
        h.status(JSON.readTree("{\"jobs\":[{\"job\":\"j1\",\"state\":\"FAILED\"}]}"), "a:1");
        assertThat(Checker.check(h, 2)).anyMatch(s -> s.contains("j1 ended FAILED"));
    }

    @Test
    void zonesThatDoNotTileAreFound() throws Exception {
        History h = good();
        h.zones(JSON.readTree("{\"count\":2,\"tilingOk\":false,\"neighbourTablesOk\":true}"));
        assertThat(Checker.check(h, 2)).singleElement().asString().contains("the last view of the zones");
    }

    @Test
    void aResultFetchedThroughOneNodeOnlyIsFound() throws Exception {
        History h = new History();
        h.submitted("c1", 1, "a:1");
        h.status(JSON.readTree("{\"jobs\":[{\"job\":\"j1\",\"state\":\"COMPLETED\"}]}"), "a:1");
        h.results(JSON.readTree("{\"jobs\":[{\"job\":\"j1\",\"stdout\":\"one\\n\",\"exitCode\":0}]}"), "a:1");
        h.zones(JSON.readTree("{\"count\":2,\"tilingOk\":true,\"neighbourTablesOk\":true}"));
        assertThat(Checker.check(h, 2)).singleElement().asString().contains("fetched 1 time(s)");
    }
}
