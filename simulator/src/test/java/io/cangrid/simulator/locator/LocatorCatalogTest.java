package io.cangrid.simulator.locator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LocatorCatalogTest {

    @Test
    void everyNamedLocatorIsValid() {
        for (String name : LocatorCatalog.names()) {
            LocatorCatalog.validate(name);
        }
    }

    @Test
    void parsesOptionsInBrackets() {
        LocatorSpec spec = LocatorSpec.parse(" CAN-PX[idle=0, bestFit=false] ");
        assertThat(spec.name()).isEqualTo("CAN-PX");
        assertThat(spec.options()).isEqualTo(Map.of("idle", "0", "bestFit", "false"));
        LocatorCatalog.validate("CAN-P2[objective=q/n, stopping=R4a, score=mct, sf=2.5]");
        LocatorCatalog.validate("CAN-PX[search=32, verify=true, refit=off, soonest=true]");
    }

    @Test
    void refusesUnknownNamesListingTheKnownOnes() {
        assertThatThrownBy(() -> LocatorCatalog.validate("CAN-P9"))
                .hasMessageContaining("unknown locator 'CAN-P9'").hasMessageContaining("CAN-P2");
    }

    @Test
    void refusesBadOptions() {
        assertThatThrownBy(() -> LocatorCatalog.validate("CAN-P2[sf=11]")).hasMessageContaining("(0, 10]");
        assertThatThrownBy(() -> LocatorCatalog.validate("CAN-P2[sf=0]")).hasMessageContaining("(0, 10]");
        assertThatThrownBy(() -> LocatorCatalog.validate("CAN-P2[stopping=R9]"))
                .hasMessageContaining("R4b").hasMessageContaining("R4a");
        assertThatThrownBy(() -> LocatorCatalog.validate("CAN-P2[score=fastest]"))
                .hasMessageContaining("queue/cpu").hasMessageContaining("mct");
        assertThatThrownBy(() -> LocatorCatalog.validate("CAN-PX[speed=2]")).hasMessageContaining("valid: paper, sf");
        assertThatThrownBy(() -> LocatorCatalog.validate("CAN-PX[bestFit=maybe]")).hasMessageContaining("true/false");
        assertThatThrownBy(() -> LocatorCatalog.validate("CAN-PX[seekWidest=-1]")).hasMessageContaining("widest seek");
        assertThatThrownBy(() -> LocatorCatalog.validate("CAN-PX[refit=2]")).hasMessageContaining("refit")
                .hasMessageContaining("true/false");
        assertThatThrownBy(() -> LocatorCatalog.validate("CAN-PX[soonest=2]")).hasMessageContaining("soonest")
                .hasMessageContaining("true/false");
        assertThatThrownBy(() -> LocatorCatalog.validate("CENTRAL[sf=1]")).hasMessageContaining("takes no options");
        assertThatThrownBy(() -> LocatorCatalog.validate("CAN-PX[idle]")).hasMessageContaining("key=value");
        assertThatThrownBy(() -> LocatorCatalog.validate("CAN-PX[idle=1")).hasMessageContaining("brackets");
    }
}
