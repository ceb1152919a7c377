import { startAccessibilityBrowser } from "../support/accessibility-rig.ts";
import { screensSuite } from "../support/accessibility-suites.ts";

// Every built screen and pop-up in both themes, part 4 of 4 (the list: accessibility-rig.ts).
startAccessibilityBrowser();
screensSuite(3, 4);
