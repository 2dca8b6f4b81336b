package io.cangrid.live;

import java.time.Duration;
import java.time.Instant;

/** A grid authority made for one test, and the tokens it issues. */
final class TestAuthority {

    final GridAuthority authority;

    TestAuthority(String grid) {
        this.authority = new GridAuthority(grid, NodeKey.generate());
    }

    AdmissionToken token(Role role) {
        return authority.issue(role, Duration.ofHours(1), new byte[0], Instant.now());
    }

    NetConfig config(Role role) {
        return NetConfig.of(authority.grid(), token(role));
    }
}
