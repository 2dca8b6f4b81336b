package io.cangrid.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The owner at the machine until their sessions have been idle long enough: logind's hints and X11's idle time. */
class SessionIdleTest {

    private static final long NOW = 1_700_000_000_000L;
    private static final long THREE_MIN = 180_000;
    private static final long REFRESH = 2_000;

    @TempDir
    Path dir;

    /** loginctl and xprintidle as canned answers: {@code sessions} is show-session's output, null: it fails. */
    private static final class Canned implements SessionIdle.Commands {
        String list = "      3 1000 alice seat0 tty2\n";
        String show;
        String xprintidle;
        IOException failure;
        final List<String> ran = new ArrayList<>();

        @Override
        public String run(List<String> argv) throws IOException {
            ran.add(String.join(" ", argv));
            if (failure != null) {
                throw failure;
            }
            return switch (argv.get(0) + " " + (argv.size() > 1 ? argv.get(1) : "")) {
                case "loginctl list-sessions" -> list;
                case "loginctl show-session" -> show;
                case "xprintidle " -> xprintidle;
                default -> throw new IOException("unexpected " + argv);
            };
        }
    }

    private static String session(String id, String type, boolean active, boolean idle, long sinceMillis) {
        return "Id=" + id + "\nType=" + type + "\nActive=" + (active ? "yes" : "no") + "\nIdleHint=" + (idle ? "yes" : "no")
                + "\nIdleSinceHint=" + sinceMillis * 1000 + "\n";
    }

    @Test
    void aDesktopSessionThatIsNotIdleKeepsTheMachine() {
        Canned c = new Canned();
        c.show = session("3", "x11", true, false, NOW - 3_600_000);
        OwnerSource s = SessionIdle.watch(THREE_MIN, c, false, REFRESH, NOW);
        assertThat(s.isWatched()).isTrue();
        assertThat(s.warning()).isNull();
        assertThat(s.describe()).contains("login sessions").contains("3 min");
        assertThat(s.presence().busy(NOW + 1_500)).as("between readings: counted from the last")
                .isEqualTo("owner active (session 3 idle 1 s < 3 min)");
        assertThat(s.presence().busy(NOW + 12_000)).as("read again: still there")
                .isEqualTo("owner active (session 3 idle 0 s < 3 min)");
        assertThat(c.ran).anySatisfy(r -> assertThat(r).startsWith("loginctl show-session --no-pager 3 -p Id"));
    }

    @Test
    void anIdleDesktopSessionFreesTheMachineOnceIdleForLongEnough() {
        Canned c = new Canned();
        c.show = session("3", "wayland", true, true, NOW - 12_000);
        OwnerPresence p = SessionIdle.watch(THREE_MIN, c, false, REFRESH, NOW).presence();
        assertThat(p.busy(NOW)).isEqualTo("owner active (session 3 idle 12 s < 3 min)");
        assertThat(p.busy(NOW + THREE_MIN - 12_000)).as("idle 3 min now").isNull();
    }

    @Test
    void aTextSessionCountsFromItsTerminalsLastInputWhateverTheHint() {
        Canned c = new Canned();
        c.show = session("7", "tty", true, false, NOW - 10_000);
        OwnerPresence p = SessionIdle.watch(THREE_MIN, c, false, REFRESH, NOW).presence();
        assertThat(p.busy(NOW)).isEqualTo("owner active (session 7 idle 10 s < 3 min)");
        c.show = session("7", "tty", true, false, NOW - 10 * 60_000);
        assertThat(p.busy(NOW + REFRESH)).as("read again: no input for 10 min").isNull();
    }

    @Test
    void theLatestActivityOfTheSessionsThatTellCounts() {
        Canned c = new Canned();
        c.list = "3 1000 alice seat0 tty2\n5 1000 alice - pts/0\n8 0 root - -\n9 1001 bob seat0 tty3\n";
        c.show = session("3", "x11", true, true, NOW - 10 * 60_000) + "\n"
                + session("5", "tty", true, false, NOW - 40_000) + "\n"
                + session("8", "unspecified", true, false, NOW) + "\n" // cron: no one at a terminal
                + session("9", "x11", false, false, NOW); // switched away from: its owner is elsewhere
        OwnerPresence p = SessionIdle.watch(THREE_MIN, c, false, REFRESH, NOW).presence();
        assertThat(p.busy(NOW)).isEqualTo("owner active (session 5 idle 40 s < 3 min)");
        assertThat(c.ran.get(1)).contains(" 3 5 8 9 ");
    }

    @Test
    void x11sIdleTimeCountsWhereItIsRead() {
        Canned c = new Canned();
        c.show = session("3", "x11", true, true, NOW - 10 * 60_000);
        c.xprintidle = "12000\n";
        OwnerSource s = SessionIdle.watch(THREE_MIN, c, true, REFRESH, NOW);
        assertThat(s.describe()).contains("login sessions and X11");
        assertThat(s.presence().busy(NOW)).isEqualTo("owner active (X11 idle 12 s < 3 min)");
        c.xprintidle = "192000";
        assertThat(s.presence().busy(NOW + THREE_MIN)).isNull();
    }

    @Test
    void x11AloneIsEnoughWhenLogindCannotBeRead() {
        SessionIdle.Commands c = argv -> {
            if (argv.get(0).equals("loginctl")) {
                throw new IOException("loginctl not found");
            }
            return "5000";
        };
        OwnerSource s = SessionIdle.watch(90_000, c, true, REFRESH, NOW);
        assertThat(s.isWatched()).isTrue();
        assertThat(s.presence().busy(NOW)).isEqualTo("owner active (X11 idle 5 s < 90 s)");
    }

    @Test
    void aMachineThatCannotTellSaysSoOnceAndIsNotWatched() {
        Canned c = new Canned();
        c.failure = new IOException("loginctl not found");
        OwnerSource s = SessionIdle.watch(THREE_MIN, c, false, REFRESH, NOW);
        assertThat(s.isWatched()).isFalse();
        assertThat(s.describe()).isEqualTo("idle: unreadable (loginctl not found), not watched");
        assertThat(s.warning()).isEqualTo(s.describe());

        SessionIdle.Commands broken = argv -> {
            throw new IOException(argv.get(0).equals("loginctl")
                    ? "loginctl list-sessions exited 1: Failed to connect to bus: Host is down"
                    : "xprintidle exited 1: couldn't open display");
        };
        assertThat(SessionIdle.watch(THREE_MIN, broken, true, REFRESH, NOW).describe())
                .isEqualTo("idle: unreadable (loginctl list-sessions exited 1: Failed to connect to bus: Host is down;"
                        + " xprintidle exited 1: couldn't open display), not watched");
    }

    @Test
    void noSessionAtStartIsIdleAndSaidOnceButSessionsStartedLaterAreWatched() {
        Canned c = new Canned();
        c.list = "";
        OwnerSource s = SessionIdle.watch(THREE_MIN, c, false, REFRESH, NOW);
        assertThat(s.isWatched()).isTrue();
        assertThat(s.warning()).contains("no session with a display or terminal now");
        assertThat(s.presence().busy(NOW)).isNull();
        c.list = "4 1000 alice seat0 tty2\n";
        c.show = session("4", "x11", true, false, NOW);
        assertThat(s.presence().busy(NOW + REFRESH)).startsWith("owner active (session 4 idle 0 s");
    }

    @Test
    void sessionsAreReadAtMostEveryRefreshAndAFailedReadingLeavesTheLastOne() {
        Canned c = new Canned();
        c.show = session("3", "x11", true, false, NOW);
        OwnerPresence p = SessionIdle.watch(THREE_MIN, c, false, REFRESH, NOW).presence();
        int atStart = c.ran.size();
        for (long t = NOW; t < NOW + REFRESH; t += 500) {
            assertThat(p.busy(t)).isNotNull();
        }
        assertThat(c.ran).as("no command between readings").hasSize(atStart);

        c.failure = new IOException("loginctl show-session exited 1: No session '3' known");
        assertThat(p.busy(NOW + REFRESH)).as("a failed reading: the owner seen at NOW still counts")
                .isEqualTo("owner active (session 3 idle 2 s < 3 min)");
        int afterFailure = c.ran.size();
        assertThat(p.busy(NOW + REFRESH + 5_000)).isNotNull();
        assertThat(c.ran).as("not tried again before the retry delay").hasSize(afterFailure);
        assertThat(p.busy(NOW + THREE_MIN)).as("failing for 3 min: counts as idle").isNull();
    }

    @Test
    void anIdleTimeIsPositive() {
        assertThatThrownBy(() -> SessionIdle.watch(0, new Canned(), false, REFRESH, NOW))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void showSessionsOutputIsSplitAtEachId() {
        List<Map<String, String>> s = SessionIdle.sessions("Id=3\nType=x11\n\nId=5\nType=tty\nActive=yes\n");
        assertThat(s).hasSize(2);
        assertThat(s.get(1)).containsEntry("Id", "5").containsEntry("Active", "yes");
    }

    @Test
    void theRealRunnerNamesAMissingProgramAndAFailingOne() {
        assertThatThrownBy(() -> SessionIdle.runCommand(List.of("cangrid-no-such-program-xyz")))
                .isInstanceOf(IOException.class).hasMessage("cangrid-no-such-program-xyz not found");
        assertThatThrownBy(() -> SessionIdle.runCommand(List.of("sh", "-c", "echo first; echo broken >&2; exit 3")))
                .isInstanceOf(IOException.class).hasMessage("sh -c exited 3: broken");
        assertThatThrownBy(() -> SessionIdle.runCommand(List.of("sleep", "5")))
                .isInstanceOf(IOException.class).hasMessageContaining("gave no answer within");
    }

    @Test
    void xprintidleIsLookedForOnThePath() throws IOException {
        Path bin = Files.createDirectory(dir.resolve("bin"));
        assertThat(SessionIdle.onPath("xprintidle", bin.toString())).isFalse();
        Path tool = Files.createFile(bin.resolve("xprintidle"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwxr-xr-x")));
        assertThat(SessionIdle.onPath("xprintidle", "/nonexistent:" + bin)).as(tool.toString()).isTrue();
        assertThat(SessionIdle.onPath("xprintidle", null)).isFalse();
    }
}
