package io.cangrid.gangs;

/**
 * A constraint judged on a partial gang: true, false, or not yet decided because some conjunct reads a
 * label that is not bound yet (directly, or through an attribute another member exports).
 */
enum Verdict {
    TRUE, FALSE, DEFERRED;

    Verdict and(Verdict other) {
        if (this == FALSE || other == FALSE) {
            return FALSE;
        }
        return this == DEFERRED || other == DEFERRED ? DEFERRED : TRUE;
    }
}
