package io.cangrid.load.push;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CanPOptionTableTest {

    private static final List<CanPConfig> PRESETS = List.of(CanPConfig.withStoppingFactor(2), CanPConfig.calibrated(1),
            CanPConfig.calibrated(2), CanPConfig.calibrated(3), CanPConfig.px());

    /** Two valid values of each option but paper, so that one differs from any preset's. */
    private static final Map<String, List<String>> TWO_VALUES = Map.ofEntries(
            Map.entry("sf", List.of("1.5", "2.5")), Map.entry("stopping", List.of("R4a", "R4b")),
            Map.entry("stopCount", List.of("here", "target")), Map.entry("idle", List.of("0.5", "2")),
            Map.entry("maxPushes", List.of("8", "9")), Map.entry("objective", List.of("q/n", "q/n2")),
            Map.entry("gentleClimb", List.of("true", "false")), Map.entry("prompt", List.of("true", "false")),
            Map.entry("score", List.of("mct", "queue/cpu")), Map.entry("bestFit", List.of("true", "false")),
            Map.entry("countSent", List.of("true", "false")), Map.entry("soonest", List.of("true", "false")),
            Map.entry("redirects", List.of("3", "4")), Map.entry("refit", List.of("true", "false")),
            Map.entry("rebalance", List.of("true", "false")), Map.entry("seek", List.of("8", "9")),
            Map.entry("seekWidest", List.of("64", "65")), Map.entry("seekPerPeriod", List.of("4", "5")),
            Map.entry("search", List.of("8", "9")),
            Map.entry("verify", List.of("true", "false")));

    @Test
    void namesAreUniqueAndPaperComesFirst() {
        assertThat(CanPOptionTable.names()).doesNotHaveDuplicates().startsWith("paper");
        List<String> expected = new ArrayList<>(TWO_VALUES.keySet());
        expected.add("paper");
        assertThat(CanPOptionTable.names()).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void settingAnOptionToTheValueItHasChangesNothing() {
        for (CanPConfig preset : PRESETS) {
            for (CanPOption<?> o : CanPOptionTable.OPTIONS) {
                assertThat(o.apply(preset, o.valueIn(preset))).as("%s=%s on %s", o.name(), o.valueIn(preset), preset)
                        .isEqualTo(preset);
            }
        }
    }

    /** What makes the order options are applied in irrelevant, paper aside: each sets only itself. */
    @Test
    void eachOptionSetsItselfAndNothingElse() {
        for (CanPConfig preset : PRESETS) {
            for (CanPOption<?> o : CanPOptionTable.OPTIONS) {
                if (o.name().equals("paper")) {
                    continue;
                }
                List<String> two = TWO_VALUES.get(o.name());
                String other = two.get(0).equals(o.valueIn(preset)) ? two.get(1) : two.get(0);
                CanPConfig changed = o.apply(preset, other);
                assertThat(o.valueIn(changed)).as("%s=%s", o.name(), other).isEqualTo(other);
                for (CanPOption<?> rest : CanPOptionTable.OPTIONS) {
                    if (rest != o && !rest.name().equals("paper")) {
                        assertThat(rest.valueIn(changed)).as("%s after %s=%s", rest.name(), o.name(), other)
                                .isEqualTo(rest.valueIn(preset));
                    }
                }
            }
        }
    }

    @Test
    void paperIsSectionFiveAsReconstructedWithTheStoppingFactorKept() {
        CanPConfig px = CanPConfig.px();
        CanPOption<?> paper = CanPOptionTable.find("paper").orElseThrow();
        assertThat(paper.apply(px, "true")).isEqualTo(CanPConfig.withStoppingFactor(2));
        assertThat(paper.apply(px, "off")).isEqualTo(px);
        assertThat(paper.valueIn(CanPConfig.withStoppingFactor(3))).isEqualTo("true");
        Map<String, String> expected = new LinkedHashMap<>();
        for (String setting : List.of("paper=true", "sf=3", "stopping=R4b", "stopCount=here", "idle=0", "maxPushes=64",
                "objective=q/n2", "gentleClimb=false", "prompt=true", "score=queue/cpu", "bestFit=false",
                "countSent=false", "soonest=false", "redirects=0", "refit=false", "rebalance=false", "seek=0",
                "seekWidest=0", "seekPerPeriod=0", "search=0", "verify=false")) {
            expected.put(setting.substring(0, setting.indexOf('=')), setting.substring(setting.indexOf('=') + 1));
        }
        Map<String, String> actual = new LinkedHashMap<>();
        for (CanPOption<?> o : CanPOptionTable.OPTIONS) {
            actual.put(o.name(), o.valueIn(CanPConfig.withStoppingFactor(3)));
        }
        assertThat(actual).isEqualTo(expected);
    }

    @Test
    void badValuesAreRefusedSayingWhy() {
        CanPConfig px = CanPConfig.px();
        assertThatThrownBy(() -> CanPOptionTable.find("bestFit").orElseThrow().apply(px, "maybe"))
                .hasMessage("'maybe' is not true/false");
        assertThatThrownBy(() -> CanPOptionTable.find("seek").orElseThrow().apply(px, "1.5"))
                .hasMessage("'1.5' is not a whole number");
        assertThatThrownBy(() -> CanPOptionTable.find("idle").orElseThrow().apply(px, "lots"))
                .hasMessage("'lots' is not a number");
        assertThatThrownBy(() -> CanPOptionTable.find("objective").orElseThrow().apply(px, "q"))
                .hasMessageContaining("q/n2, q/n");
        assertThat(CanPOptionTable.find("Refit")).as("names are exact").isEmpty();
    }
}
