/** The resource model: schema, dimensions and their normalisation, node capabilities, job requirements. */
package io.cangrid.overlay.resource;
