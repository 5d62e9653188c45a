// A client of `folio mcp` written with the official TypeScript SDK, as an
// assistant's host would be: it spawns the server, lists the tools, calls
// search and read (and a read that must be refused) and prints one JSON
// object. Run by app/mcp_test.go:
//
//   node mcp-client.mjs SDK_PREFIX QUERY COMMAND [ARG...]
//
// SDK_PREFIX is the npm prefix holding @modelcontextprotocol/sdk
// (make mcp-node-deps installs it into .mcp-node).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const [prefix, query, command, ...args] = process.argv.slice(2);
const require = createRequire(path.join(path.resolve(prefix), "package.json"));
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");
// The package's exports map package.json to its build's, so it is read
// from the folder itself.
const sdkVersion = JSON.parse(readFileSync(path.join(path.resolve(prefix), "node_modules/@modelcontextprotocol/sdk/package.json"), "utf8")).version;

// The SDK passes only a few safe variables by default; the test's
// private config folders must reach the server.
const transport = new StdioClientTransport({ command, args, env: { ...process.env }, stderr: "inherit" });
const client = new Client({ name: "folio-test-node", version: "1.0.0" });
await client.connect(transport);

const { tools } = await client.listTools();
const search = await client.callTool({ name: "search", arguments: { query, limit: 3 } });
const hit = search.structuredContent.hits[0];
const read = await client.callTool({ name: "read", arguments: { path: hit.file, start_line: hit.start_line } });
const refused = await client.callTool({ name: "read", arguments: { path: path.join(hit.folder, "..", "secret.md") } });

console.log(JSON.stringify({
  sdk: sdkVersion,
  server: client.getServerVersion(),
  tools: tools.map((t) => t.name).sort(),
  search: search.structuredContent,
  searchText: search.content.map((c) => c.text).join(""),
  read: read.structuredContent,
  refused: { isError: refused.isError === true, text: refused.content.map((c) => c.text).join(""), structured: refused.structuredContent ?? null },
}));
await client.close();
