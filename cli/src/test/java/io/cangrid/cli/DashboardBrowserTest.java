package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cangrid.jobs.JobCommand;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobSpec;
import io.cangrid.live.client.GridClient;
import io.cangrid.overlay.resource.ResourceSchema;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The dashboard in a real browser (headless Chromium driven through WebDriver) on four live nodes in this
 * JVM: the zones drawn cover the projection and tell their node when hovered, a job submitted while the page is open shows up and reaches
 * COMPLETED without a reload, and the API refuses a request without the token. Leaves a screenshot in
 * {@code target/}. Without Chromium and its driver the test is skipped, or fails when {@code CI} is set.
 */
class DashboardBrowserTest {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    static final Duration WAIT = Duration.ofSeconds(45);
    static final Path SCREENSHOT = Path.of("target", "dashboard-test.png");

    @TempDir
    Path dir;

    private DashboardGrid grid;
    private ChromeDriver browser;

    @BeforeEach
    void start() throws Exception {
        requireBrowser();
        grid = DashboardGrid.start(dir, 4, 1_000);
        Path profile = Files.createDirectories(dir.resolve("chromium-profile"));
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile()).addArguments(
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--window-size=1280,1300", "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
    }

    /** Chromium and chromedriver from the system's packages; Selenium must not fetch any. */
    private static void requireBrowser() {
        if (Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER)) {
            return;
        }
        String why = "the dashboard's browser test needs " + CHROMIUM + " and " + CHROMEDRIVER
                + ": install the Debian packages chromium and chromium-driver (apt-get install chromium chromium-driver)";
        if (System.getenv("CI") != null) {
            fail(why);
        }
        assumeTrue(false, why);
    }

    @AfterEach
    void stop() {
        try {
            if (browser != null) {
                browser.quit();
            }
        } finally {
            if (grid != null) {
                grid.close();
            }
        }
    }

    @Test
    void thePageShowsTheGridAndFollowsAJobToItsEnd() throws Exception {
        browser.get(grid.url());
        WebDriverWait wait = new WebDriverWait(browser, WAIT);
        // The page redraws every poll; an element found just before a redraw is looked up again.
        wait.ignoring(StaleElementReferenceException.class);
        wait.until(b -> b.findElements(By.cssSelector("#zones rect.zone")).size() == 4);
        // Nodes with the same capabilities differ only along the virtual axis: project onto it.
        new Select(browser.findElement(By.id("axis-x"))).selectByVisibleText("cpu");
        new Select(browser.findElement(By.id("axis-y"))).selectByVisibleText("virtual");
        wait.until(b -> "virtual".equals(b.findElement(By.id("zones")).getAttribute("data-axis-y")));

        // The page redraws the zones every poll: read them in one script, so that one drawing is measured.
        @SuppressWarnings("unchecked")
        Map<String, Object> drawn = (Map<String, Object>) ((JavascriptExecutor) browser).executeScript(
                "const svg = document.getElementById('zones');"
                + "const zs = Array.from(svg.querySelectorAll('rect.zone'));"
                + "return {plot: parseFloat(svg.getAttribute('data-plot-width'))"
                + " * parseFloat(svg.getAttribute('data-plot-height')),"
                + " area: zs.reduce((a, z) => a + parseFloat(z.getAttribute('width'))"
                + " * parseFloat(z.getAttribute('height')), 0),"
                + " nodes: new Set(zs.map(z => z.getAttribute('data-node'))).size};");
        assertThat(((Number) drawn.get("nodes")).intValue()).isEqualTo(4);
        assertThat(((Number) drawn.get("area")).doubleValue() / ((Number) drawn.get("plot")).doubleValue())
                .as("share of the plot the zones cover").isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-6));
        wait.until(b -> b.findElements(By.cssSelector("#nodes tbody tr")).size() == 4);
        assertThat(browser.findElement(By.id("checks")).getText()).contains("tiling ok");

        // Hovered until the tip names the zone's node (a redraw in between means hovering again).
        String[] hovered = new String[2];
        wait.until(b -> {
            WebElement zone = b.findElements(By.cssSelector("#zones rect.zone")).get(0);
            String node = zone.getAttribute("data-node");
            new Actions(b).moveToElement(zone).perform();
            WebElement tip = b.findElement(By.id("zone-tip"));
            if (!tip.isDisplayed() || !tip.getText().contains(node)) {
                return false;
            }
            hovered[0] = node;
            hovered[1] = tip.getText();
            return true;
        });
        assertThat(hovered[1]).contains(hovered[0]).contains("cpu 1").contains("memory 1024 MiB")
                .contains("neighbours: ");

        // A mark on the window: a reload would wipe it.
        ((JavascriptExecutor) browser).executeScript("window.notReloaded = true;");
        JobId id;
        try (GridClient client = grid.grid().client(0)) {
            id = client.submit(JobSpec.requiring(ResourceSchema.desktopSchema(), Map.of(), 1, "browser-job")
                    .withCommand(JobCommand.of("sh", "-c", "sleep 1; echo seen")));
        }
        By row = By.cssSelector("#jobs tbody tr[data-job='" + id + "']");
        wait.until(b -> !b.findElements(row).isEmpty());
        wait.until(b -> "COMPLETED".equals(b.findElement(row).getAttribute("data-state")));
        assertThat(((JavascriptExecutor) browser).executeScript("return window.notReloaded === true;")).isEqualTo(true);

        browser.findElement(row).click();
        wait.until(b -> !b.findElements(By.cssSelector("#steps tbody tr[data-kind='placement']")).isEmpty());
        wait.until(b -> Integer.parseInt(b.findElement(By.id("chart")).getAttribute("data-samples")) >= 2);

        int status = (int) (long) (Long) ((JavascriptExecutor) browser).executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                        + "fetch('/api/nodes', {credentials: 'omit'}).then(r => done(r.status), e => done(-1));");
        assertThat(status).as("the API asked without the token or its cookie").isEqualTo(401);
        assertThat(grid.get("/api/nodes").statusCode()).isEqualTo(401);

        File shot = browser.getScreenshotAs(OutputType.FILE);
        Files.createDirectories(SCREENSHOT.getParent());
        Files.copy(shot.toPath(), SCREENSHOT, StandardCopyOption.REPLACE_EXISTING);
        assertThat(Files.size(SCREENSHOT)).isGreaterThan(10_000);
    }
}
