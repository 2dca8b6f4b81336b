package io.cangrid.cli.node;

import picocli.CommandLine.Option;

/**
 * The owner policy's flags, as typed. Each is null unless given, so that {@link OwnerSettings} can tell a flag
 * from the settings file's {@code owner.*} key beneath it; the values are parsed there, for both alike.
 */
final class OwnerOptions {

    @Option(names = "--owner-activity-file", paramLabel = "FILE", description = "The machine's owner is active"
            + " while FILE exists: jobs are suspended then, and vacated after --max-suspension.")
    String activityFile;

    @Option(names = "--run-hours", paramLabel = "HH:MM-HH:MM", description = "Run jobs only inside this daily"
            + " window, local time (e.g. 18:00-08:00); outside it they are suspended as for an active owner.")
    String runHours;

    @Option(names = "--on-battery", paramLabel = "pause|run", description = "On a machine running on battery,"
            + " suspend jobs (pause, the default) or run them anyway.")
    String onBattery;

    @Option(names = "--max-suspension", paramLabel = "DURATION", description = "How long a job stays suspended for"
            + " the owner before it is vacated and matched elsewhere (default: " + OwnerSettings.DEFAULT_MAX_SUSPENSION
            + ").")
    String maxSuspension;

    @Option(names = "--idle-for", paramLabel = "DURATION|off", description = "The owner counts as active until"
            + " their login sessions (logind; X11 too where DISPLAY is set and xprintidle is installed) have been"
            + " idle this long, e.g. 3m or 90s; 0 or off: not watched (default: off).")
    String idleFor;

    @Option(names = "--max-owner-cpu", paramLabel = "PCT|off", description = "The owner counts as active while"
            + " the machine's CPU, this node and its jobs not counted, is busier than PCT percent (1-100); off: not"
            + " watched (default: off).")
    String maxOwnerCpu;

    @Option(names = "--owner-policy", paramLabel = "boinc|none", description = "A preset: boinc is BOINC's"
            + " defaults, --max-owner-cpu 25 --idle-for 3m --on-battery pause; options given as well win"
            + " (default: none).")
    String preset;
}
