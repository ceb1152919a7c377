import { startAccessibilityBrowser } from "../support/accessibility-rig.ts";
import { zoomSuite } from "../support/accessibility-suites.ts";

// Every built screen at the large text size and 200 % zoom (the list: accessibility-rig.ts).
startAccessibilityBrowser();
zoomSuite(0, 1);
