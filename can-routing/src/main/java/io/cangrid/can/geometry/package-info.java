/** Geometry of the CAN space: zones, partition-tree paths and the split rule. */
package io.cangrid.can.geometry;
