package io.kifudb.web;

import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

/**
 * Debian's headless Chromium driven through its own chromedriver (no driver download: both paths are given,
 * so Selenium Manager never runs), with the flags that work on a closed network and a fresh profile per run.
 * Where no Chromium is installed the tests are skipped with a message saying so.
 */
final class Browser implements AutoCloseable {
    static final Path CHROMIUM = Path.of(System.getProperty("kifudb.chromium", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(System.getProperty("kifudb.chromedriver", "/usr/bin/chromedriver"));
    static final Path SCREENSHOTS = Path.of("target/web-screenshots");

    final WebDriver driver;
    final String base;
    private final Path profile;

    static void assumeInstalled() {
        Assumptions.assumeFalse(Boolean.getBoolean("kifudb.web.skip"),
                "web app browser tests skipped on request (-Dkifudb.web.skip=true): the app talks only to the API, whatever the database");
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "web app browser tests skipped: no Chromium at " + CHROMIUM + " and chromedriver at " + CHROMEDRIVER
                        + " (apt-get install chromium chromium-driver; .ci/run installs them)");
    }

    Browser(String base) throws IOException {
        this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        profile = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "chromium-profile-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1360,1000", "--lang=en-US", "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
        Files.createDirectories(SCREENSHOTS);
    }

    /** Opens an app address (#/…) and waits until the page has drawn. */
    void open(String hash) {
        driver.get(base + "/" + hash);
        waitReady();
    }

    void waitReady() {
        waitFor(d -> "true".equals(d.findElement(By.id("main")).getAttribute("data-ready")));
    }

    <T> T waitFor(Function<WebDriver, T> condition) {
        return new WebDriverWait(driver, Duration.ofSeconds(30), Duration.ofMillis(20)).ignoring(org.openqa.selenium.StaleElementReferenceException.class)
                .until(condition::apply);
    }

    WebElement visible(By by) {
        return new WebDriverWait(driver, Duration.ofSeconds(30), Duration.ofMillis(20)).until(ExpectedConditions.visibilityOfElementLocated(by));
    }

    Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    /** The board as drawn, as an SFEN board field: read from the pieces' data-square / data-piece attributes. */
    String drawnBoard() {
        return (String) js("""
                const svg = document.querySelector('svg.board');
                const n = Number(svg.dataset.size);
                const cells = new Array(n * n).fill(null);
                for (const g of svg.querySelectorAll('g.piece')) {
                  const m = /^(\\d+)([a-o])$/.exec(g.dataset.square);
                  cells[(m[2].charCodeAt(0) - 97) * n + (n - Number(m[1]))] = g.dataset.piece;
                }
                const rows = [];
                for (let r = 0; r < n; r++) {
                  let s = '', e = 0;
                  for (let c = 0; c < n; c++) { const p = cells[r * n + c]; if (!p) { e++; continue; } if (e) { s += e; e = 0; } s += p; }
                  rows.push(e ? s + e : s);
                }
                return rows.join('/');""");
    }

    /** Waits until the board shows the ply and the server's answer for it has arrived. */
    void waitPly(int ply) {
        waitFor(d -> {
            WebElement svg = d.findElement(By.cssSelector("svg.board"));
            return String.valueOf(ply).equals(svg.getAttribute("data-ply")) && "true".equals(svg.getAttribute("data-verified"));
        });
    }

    String boardAttr(String name) {
        return driver.findElement(By.cssSelector("svg.board")).getAttribute("data-" + name);
    }

    void clickSquare(String square) {
        driver.findElement(By.cssSelector("svg.board rect.sq[data-square='" + square + "']")).click();
    }

    List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    Path screenshot(String name) throws IOException {
        File f = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
        Path out = SCREENSHOTS.resolve(name + ".png");
        Files.copy(f.toPath(), out, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return out;
    }

    /** A screenshot and the page's text, for a look after a test (kept under target/web-screenshots/). */
    void capture(String name) {
        try {
            screenshot("after-" + name);
            Object text = js("return document.body.innerText + '\\n---\\n' + location.href");
            Files.writeString(SCREENSHOTS.resolve("after-" + name + ".txt"), String.valueOf(text));
        } catch (Exception e) {
            // the capture is only a help; the test's own outcome stands
        }
    }

    @Override
    public void close() throws IOException {
        driver.quit();
        try (var walk = Files.walk(profile)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
