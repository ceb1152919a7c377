import { startAccessibilityBrowser } from "../support/accessibility-rig.ts";
import { screensSuite } from "../support/accessibility-suites.ts";

// Every built screen and pop-up in both themes, part 2 of 4 (the list: accessibility-rig.ts).
startAccessibilityBrowser();
screensSuite(1, 4);
