/**
 * Load aggregation over the CAN (Kim et al., Eq. 1–2): overlap-weighted counts of nodes and queued jobs
 * above every zone along every dimension, riding on the neighbour state messages.
 */
package io.cangrid.load;
