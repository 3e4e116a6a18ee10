// Talking to the wortsuche JSON API. Every answer is JSON; refusals carry {error, field}, with the
// error said in the page's language (sent as Accept-Language, so the language switch counts too).
import { say } from "./texts.js";

export class ApiError extends Error {
  constructor(message, field, status) {
    super(message);
    this.field = field;
    this.status = status;
  }
}

export async function call(method, path, body, extraHeaders = {}) {
  const headers = { Accept: "application/json", ...extraHeaders };
  if (document.documentElement.lang) headers["Accept-Language"] = document.documentElement.lang;
  const options = { method, headers };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  return send(path, options);
}

// A file sent as the body as it is (a teacher's picture), with the same refusals as call().
export async function upload(path, file) {
  const headers = { Accept: "application/json", "Content-Type": file.type || "application/octet-stream" };
  if (document.documentElement.lang) headers["Accept-Language"] = document.documentElement.lang;
  return send(path, { method: "POST", headers, body: file });
}

async function send(path, options) {
  let response;
  try {
    response = await fetch(path, options);
  } catch {
    // offline, the browser says so; else the server did not answer
    throw new ApiError(say(navigator.onLine === false ? "offline" : "unreachable"), null, 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = (data && data.error) || say("server-answered", { status: response.status });
    throw new ApiError(message, data ? data.field : null, response.status);
  }
  return data;
}
