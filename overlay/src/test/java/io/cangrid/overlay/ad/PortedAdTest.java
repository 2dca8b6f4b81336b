package io.cangrid.overlay.ad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Ads with ports: {@code Ports} read as a list of port ads in which {@code label.Name} is read, labels
 * resolved through the scope's bindings (undefined while unbound), and label references refused outside ports.
 */
class PortedAdTest {

    @Test
    void portsAreReadAsAdsOfTheirOwnWithLabelReferences() {
        PortedAd ad = PortedAd.parse("""
            [ Cmd = "run_sim"; Ports = { [ Label = cpu; Constraint = cpu.Memory >= 28M ],
                                         [ Label = license; Host = cpu.Name ] } ]""");
        assertThat(ad.ad().names()).containsExactly("Cmd");
        assertThat(ad.ports()).hasSize(2);
        assertThat(ad.ports().get(0).get("Constraint")).hasToString("(cpu.Memory >= 28.0)");
        assertThat(ad.ports().get(1).get("Host")).isEqualTo(new Expr.LabelRef("cpu", "Name"));
    }

    @Test
    void aLabelReadsTheDockedAdAndIsUndefinedUntilBound() {
        Ad port = Ad.EMPTY.with("Need", Value.of(28));
        Expr e = PortedAd.parse("[ Ports = { [ Label = cpu; C = cpu.Memory >= Need ] } ]").ports().get(0).get("C");
        Ad machine = Ad.parse("[ Memory = 64 ]");
        Scope bound = Scope.inGang(port, label -> label.equals("cpu") ? new Scope.Docked(machine, null) : null, -1);
        assertThat(bound.evaluate(e)).isEqualTo(Value.TRUE);
        assertThat(Scope.inGang(port, label -> null, -1).evaluate(e)).isEqualTo(Value.UNDEFINED);
        assertThat(Scope.of(port).evaluate(e)).as("a scope without labels").isEqualTo(Value.UNDEFINED);
    }

    @Test
    void labelReferencesOutsidePortsAreStillRefused() {
        assertThatThrownBy(() -> Ad.parse("[ X = cpu.Name ]")).isInstanceOf(ExprSyntaxException.class)
                .hasMessageContaining("only my., other. and target. may scope an attribute, not 'cpu.'");
        assertThatThrownBy(() -> PortedAd.parse("[ X = cpu.Name; Ports = { [ Label = cpu ] } ]"))
                .isInstanceOf(ExprSyntaxException.class)
                .hasMessageContaining("only my., other. and target. may scope an attribute, not 'cpu.'");
        assertThatThrownBy(() -> PortedAd.parse("[ Ports = { [ Label = cpu ] ] }"))
                .isInstanceOf(ExprSyntaxException.class).hasMessageContaining("in the list of ports");
    }
}
