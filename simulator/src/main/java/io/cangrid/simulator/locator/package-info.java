/**
 * What a simulated grid's locators are: the catalog of locator names a scenario may list, each with the
 * factory that makes it. Scenarios validate against it; the experiment runner builds from it.
 */
package io.cangrid.simulator.locator;
