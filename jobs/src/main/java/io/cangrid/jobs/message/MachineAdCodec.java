package io.cangrid.jobs.message;

import io.cangrid.jobs.MachineAd;
import io.cangrid.overlay.ValueCodec;
import io.cangrid.overlay.ValueReader;
import io.cangrid.overlay.ValueWriter;
import io.cangrid.overlay.ad.Ad;

/**
 * A machine's ad on the wire: its text and the machine's offset from UTC. The text is parsed again where it
 * is read, through the same checks as an operator's {@code --attr} and {@code --accept} (length, nesting,
 * names given twice), so a malformed ad from a neighbour is refused with the frame that carried it.
 */
final class MachineAdCodec implements ValueCodec<MachineAd> {

    @Override
    public void write(ValueWriter out, MachineAd value) {
        out.writeString(value.ad().toString());
        out.writeVarInt(value.utcOffsetSeconds(), false);
    }

    @Override
    public MachineAd read(ValueReader in) {
        String text = in.readString();
        int offset = in.readVarInt(false);
        return new MachineAd(Ad.parse(text), offset);
    }
}
