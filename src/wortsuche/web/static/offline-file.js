// The offline file's module (render/html.py inlines it with every module it imports).
import "./celebrate.js";
import "./clues.js";
import { playOffline } from "./offline.js";

playOffline();
