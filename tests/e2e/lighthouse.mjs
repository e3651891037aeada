// One Lighthouse run, for tests/e2e/test_e2e_lighthouse.py:
//   node lighthouse.mjs URL mobile|desktop COOKIE_JSON REPORT_PATH
// Launches the Chromium named by CHROME_PATH, puts the cookie (JSON {name, value}, or "")
// in its jar, as a browser that opened the page would hold it (the page's websocket and its
// own requests send it too), writes Lighthouse's JSON report of the four categories and
// prints the audited page's language (lang=ca).
import {writeFile} from "node:fs/promises";

import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import puppeteer from "puppeteer-core";

const [url, preset, cookie, output] = process.argv.slice(2);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"];

const chrome = await chromeLauncher.launch({chromePath: process.env.CHROME_PATH, chromeFlags: FLAGS});
let status = 0;
try {
  const browser = await puppeteer.connect({browserURL: `http://127.0.0.1:${chrome.port}`});
  const page = await browser.newPage();
  if (cookie) {
    await browser.setCookie({...JSON.parse(cookie), domain: new URL(url).hostname, path: "/"});
  }
  const flags = {
    output: "json",
    logLevel: "error",
    onlyCategories: CATEGORIES,
    disableFullPageScreenshot: true,
    // Catalan, the table's language, as the players' phones ask for it.
    extraHeaders: {"Accept-Language": "ca-ES,ca;q=0.9"},
  };
  const result = await lighthouse(url, flags, preset === "desktop" ? desktopConfig : undefined, page);
  await writeFile(output, result.report);
  // The language the page was audited in, for the test to check.
  console.log(`lang=${await page.evaluate(() => document.documentElement.lang)}`);
  await browser.disconnect();
} catch (error) {
  console.error(error);
  status = 1;
} finally {
  chrome.kill();
}
process.exit(status);
