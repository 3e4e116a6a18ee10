// The SCORM package's module (render/scorm.py): the offline file's game, reported to the
// learning platform, whose session starts before the game does.
import "./celebrate.js";
import "./clues.js";
import { playOffline } from "./offline.js";
import { startScormSession } from "./scorm.js";

playOffline(startScormSession(window));
