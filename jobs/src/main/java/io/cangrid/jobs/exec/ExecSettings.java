package io.cangrid.jobs.exec;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What the operator of a node decided about the jobs it runs: which programs ({@code --exec}), which job
 * variables ({@code --job-env}), the sandbox ({@code --sandbox}), whether jobs reach the network
 * ({@code --job-network}), the user they run as when the node is root ({@code --job-user}; null: nobody),
 * their limits, and the paths a sandboxed job must never see (the node's work directory, its secret, its TLS
 * key).
 */
public record ExecSettings(ExecPolicy policy, JobEnvPolicy env, SandboxMode sandbox, boolean network, String jobUser,
        ExecLimits limits, List<Path> hidden) {

    public ExecSettings {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(env, "env");
        Objects.requireNonNull(sandbox, "sandbox");
        Objects.requireNonNull(limits, "limits");
        hidden = List.copyOf(hidden);
    }

    /** The defaults for {@code policy}: safe variables, a sandbox where there is one, network, default limits. */
    public static ExecSettings of(ExecPolicy policy) {
        return new ExecSettings(policy, JobEnvPolicy.safe(), SandboxMode.AUTO, true, null, ExecLimits.DEFAULT,
                List.of());
    }

    public ExecSettings withSandbox(SandboxMode mode) {
        return new ExecSettings(policy, env, mode, network, jobUser, limits, hidden);
    }

    public ExecSettings withNetwork(boolean on) {
        return new ExecSettings(policy, env, sandbox, on, jobUser, limits, hidden);
    }

    public ExecSettings withLimits(ExecLimits newLimits) {
        return new ExecSettings(policy, env, sandbox, network, jobUser, newLimits, hidden);
    }

    public ExecSettings withEnv(JobEnvPolicy newEnv) {
        return new ExecSettings(policy, newEnv, sandbox, network, jobUser, limits, hidden);
    }

    public ExecSettings withJobUser(String user) {
        return new ExecSettings(policy, env, sandbox, network, user, limits, hidden);
    }

    public ExecSettings hiding(List<Path> paths) {
        return new ExecSettings(policy, env, sandbox, network, jobUser, limits, paths);
    }
}
