package io.cangrid.overlay;

/**
 * A module's contribution to the wire format: the message records it defines, each under a stable
 * numeric id. Modules publish their catalog through {@link java.util.ServiceLoader}
 * ({@code META-INF/services/io.cangrid.overlay.MessageCatalog}) so the live runtime learns every message
 * without depending on the modules that define them.
 *
 * <p>Id ranges: kernel values 1–49, live runtime 50–69, client protocol (jobs gateway) 70–99, can-routing 100–199,
 * load-aggregation 200–299, hygra-hyperspace 300–399, jobs 400–499, simulator 500–599, benchmarks 600–699,
 * gangs 700–799; 900 and above are test fixtures. The checked-in table {@code wire-ids.txt} (simulator tests) holds them all.
 */
public interface MessageCatalog {

    void registerInto(MessageRegistry registry);
}
