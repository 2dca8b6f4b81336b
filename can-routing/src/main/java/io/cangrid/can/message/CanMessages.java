package io.cangrid.can.message;

import io.cangrid.can.geometry.GeometryValues;
import io.cangrid.can.geometry.Zone;
import io.cangrid.can.geometry.ZonePath;
import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.MessageRegistry;

/** The CAN protocol's wire ids (100–199). */
public final class CanMessages implements MessageCatalog {

    @Override
    public void registerInto(MessageRegistry registry) {
        registry.register(100, RouteEnvelope.class)
                .register(101, JoinRequest.class)
                .register(102, JoinAccept.class)
                .register(103, NeighbourState.class)
                .register(104, ZoneHandoff.class)
                .register(105, Takeover.class)
                .register(107, NeighbourProbe.class)
                .register(108, JoinContacts.class)
                .register(130, io.cangrid.can.sim.RoutingProbe.class)
                .register(150, NodeZones.class)
                .register(151, NodeZones[].class)
                .register(152, Zone.class, GeometryValues.zones())
                .register(153, Zone[].class)
                .register(154, ZonePath.class, GeometryValues.paths());
    }
}
