package io.cangrid.gangs;

/**
 * The Gangmatching paper's example ads (its Figures 2, 3 and 4) in the requirements language, and variants
 * of them. Where the paper writes a date ({@code QDate}) it is a number here.
 */
final class PaperAds {

    private PaperAds() {
    }

    /** Figure 2: a job asking for a Linux workstation and a licence for its command, valid on that machine. */
    static String job(String name, String cmd, int prio) {
        return """
            [ Type = "Job"; Owner = "raman"; QDate = 951776542; Cmd = "%s"; JobPrio = %d; Name = "%s";
              Ports = {
               [ // request a workstation
                 Label = cpu; ImageSize = 28M;
                 Rank = cpu.KFlops/1E3 + cpu.Memory/32;
                 Constraint = cpu.Type=="Machine" && cpu.Arch == "INTEL" && cpu.OpSys == "LINUX" && cpu.Memory >= Imagesize;
               ],
               [ // request a license
                 Label = license; Host = cpu.Name; // cpu name
                 Rank = 0;
                 Constraint = license.Type=="License" && license.App == Cmd;
               ] } ]
            """.formatted(cmd, prio, name);
    }

    static String job() {
        return job("job", "run_sim", 0);
    }

    /** Figure 3: Figure 1's workstation, its policy in one port. */
    static String workstation(String name, double loadAvg, long kflops) {
        return """
            [ Type = "Machine"; Activity = "Idle"; KeybrdIdle = '00:23:12';
              Disk = 323.4M; Memory = 256M; State = "Unclaimed"; LoadAvg = %s; Mips = 104; Arch = "INTEL";
              OpSys = "LINUX"; KFlops = %d; Name = "%s"; Subnet = "128.105.175";
              Ports = { [ Label = requester; Rank = 1/requester.ImageSize;
                          Constraint = requester.Type=="Job" && requester.Owner!="riffraff" && LoadAvg < 0.3
                              && KeybrdIdle>'00:15' ] } ]
            """.formatted(loadAvg, kflops, name);
    }

    static String foo() {
        return workstation("foo.cs.wisc.edu", 0.042969, 21893);
    }

    /** Figure 4, with its application and the machine it is valid on; {@code extra} is and-ed to its constraint. */
    static String licence(String app, String validHost, String extra) {
        return """
            [ Type = "License"; App = "%s"; ValidHost = "%s";
              Ports = { [ Label = requester; Rank = 0;
                          Constraint = requester.Type=="Job" && requester.Host==ValidHost%s ] } ]
            """.formatted(app, validHost, extra);
    }

    /** Figure 4 as printed: its App is "sim_app" while the job's Cmd is "run_sim". */
    static String licenceAsPrinted() {
        return licence("sim_app", "foo.cs.wisc.edu", "");
    }

    /** Figure 4 with App = "run_sim", valid on foo. */
    static String licence() {
        return licence("run_sim", "foo.cs.wisc.edu", "");
    }
}
