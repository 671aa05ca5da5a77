"""Drives `simctl mcp` with the official MCP Python SDK over its stdio transport (spec/10 §7).

usage: pubky_mcp_client.py SCENARIO SIMCTL WORLD REPO OUT
  SCENARIO  flow-ios | flow-android | errors | tools | before-initialize
  SIMCTL    the simctl executable; WORLD a world made by `simctl world init --with-apps`
  REPO      the repository (for Fixtures/); OUT a folder for artefacts (the screenshot)

Checks as it goes (an AssertionError names what broke, exit 1) and prints one JSON document on
success: every tool call's structuredContent in order, for the replay test to compare.
"""

import asyncio
import base64
import json
import os
import struct
import sys

from mcp import Client, ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError

try:
    from jsonschema import Draft202012Validator
except ImportError:  # the SDK depends on jsonschema; without it only the shape is checked
    Draft202012Validator = None

SCENARIO, SIMCTL, WORLD, REPO, OUT = sys.argv[1:6]
EXPECTED_TOOLS = [
    "list_sims", "launch_app_sim", "stop_app_sim", "snapshot_ui", "tap", "type_text", "swipe", "scroll",
    "wait_for_ui", "screenshot", "open_url", "button",
    "sim_setup", "sim_journal", "sim_audit", "sim_fault", "sim_status",
]
SETUP = "\n".join([
    f"include {REPO}/Fixtures/scenarios/baseline.steps",
    "ring import --secret {A.secret}",
    "ring signup {A}",
    "simctl backend put-profile --pubky {A} --name Alice",
    "ring import --secret {B.secret}",
])
record = []


def server():
    return StdioServerParameters(command=SIMCTL, args=["mcp", "--world", WORLD])


def elements(snapshot):
    """Every element of a snapshot, children included, in document order."""
    out = []

    def walk(items):
        for item in items:
            out.append(item)
            walk(item.get("children", []))

    walk(snapshot["elements"])
    return out


async def call(client, name, arguments=None, error=False):
    result = await client.call_tool(name, arguments or {})
    text = "".join(c.text for c in result.content if c.type == "text")
    assert result.is_error == error, f"{name} {arguments}: isError {result.is_error}, text: {text}"
    if result.structured_content is not None:
        record.append({"tool": name, "structured": result.structured_content})
    return result, text


async def expect_protocol_error(coroutine, code, words):
    try:
        await coroutine
    except MCPError as failure:
        assert failure.code == code, f"expected {code}, got {failure.code}: {failure.error.message}"
        for word in words:
            assert word in failure.error.message, f"{word!r} not in {failure.error.message!r}"
        return failure.error.message
    raise AssertionError(f"expected the protocol error {code}")


async def initialise_and_list(client):
    info = client.server_info
    assert info is not None and info.name == "pubky-sim", info
    assert client.protocol_version in ("2025-06-18", "2025-11-25"), client.protocol_version
    listed = await client.list_tools()
    names = [tool.name for tool in listed.tools]
    assert names == EXPECTED_TOOLS, names
    for tool in listed.tools:
        assert tool.description and "\n" not in tool.description, tool.name
        schema = tool.input_schema
        assert schema["type"] == "object" and schema["additionalProperties"] is False, tool.name
        if Draft202012Validator is not None:
            Draft202012Validator.check_schema(schema)
            if tool.output_schema is not None:
                Draft202012Validator.check_schema(tool.output_schema)
    return listed


async def flow(platform):
    async with Client(server()) as client:
        await initialise_and_list(client)
        sims, _ = await call(client, "list_sims")
        device = sims.structured_content
        assert device["udid"] == "booted" and device["platform"] == platform, device
        bitkit = next(a["bundleId"] for a in device["apps"] if a["bundleId"].startswith("to.bitkit"))
        assert bitkit == ("to.bitkit" if platform == "ios" else "to.bitkit.dev"), bitkit

        setup, _ = await call(client, "sim_setup", {"steps": SETUP})
        bindings = setup.structured_content["bindings"]
        a, b = bindings["ring-pubky-a"], bindings["ring-pubky-b"]

        launched, _ = await call(client, "launch_app_sim", {"bundleId": bitkit})
        assert launched.structured_content["app"] == bitkit
        assert launched.structured_content["screen"] == "home", launched.structured_content["screen"]

        tapped, text = await call(client, "tap", {"id": "ProfileButton"})
        choice = tapped.structured_content
        assert choice["screen"] == "pubkyChoice", choice["screen"]
        assert "Targets:" in text
        found = elements(choice)
        if platform == "ios":
            ids = [e.get("id") for e in found]
            assert f"PubkyChoiceRing_{a}" in ids and f"PubkyChoiceRing_{b}" in ids, ids
            assert "PubkyChoiceCreate" not in ids, ids
            assert all("resourceId" not in e for e in found)
            row = next(e for e in found if e.get("id") == f"PubkyChoiceRing_{a}")
        else:
            rows = [e for e in found if e.get("resourceId") == "PubkyChoiceIdentity"]
            assert len(rows) == 2, [e.get("resourceId") for e in found]
            assert all("id" not in e for e in found), "Android snapshots carry resourceId, not id"
            assert not any(e.get("resourceId") == "PubkyChoiceCreate" for e in found)
            row = next(e for e in rows if e.get("caption") == bindings["a-caption"])
        assert row["ref"] in choice["targets"], (row, choice["targets"])
        assert row["frame"]["width"] > 0 and row["frame"]["y"] + row["frame"]["height"] <= 844

        if platform == "ios":
            # Ring's key unreadable once: the pick fails with Bitkit's error toast, drawn on top of the rows.
            fault = {"action": "add", "app": "bitkit", "op": "read", "account": "app.pubkyring:*",
                     "status": -25308, "count": 1}
            faults, _ = await call(client, "sim_fault", fault)
            assert len(faults.structured_content["faults"]) == 1, faults.structured_content
            failed, _ = await call(client, "tap", {"id": row["id"]})
            toasts = failed.structured_content["toasts"]
            assert [t["type"] for t in toasts] == ["error"] and toasts[0]["title"] == "Could Not Use Pubky", toasts
            assert failed.structured_content["screen"] == "pubkyChoice"
            shot, _ = await call(client, "screenshot")
            with open(os.path.join(OUT, "pubky-choice-toast-ios.png"), "wb") as f:
                f.write(base64.b64decode(shot.content[0].data))

        # A's row: by id on iOS, by its ref on Android (every row there has one resourceId).
        await call(client, "tap", {"id": row["id"]} if platform == "ios" else {"elementRef": row["ref"]})
        waited, _ = await call(client, "wait_for_ui", {"id": "PayContactsContinue", "predicate": "exists"})
        assert waited.structured_content["satisfied"] is True
        assert any(e.get("id" if platform == "ios" else "resourceId") == "PayContactsContinue"
                   for e in elements(waited.structured_content))

        again, _ = await call(client, "snapshot_ui", {"sinceScreenHash": waited.structured_content["screenHash"]})
        assert again.structured_content == {"screenHash": waited.structured_content["screenHash"], "unchanged": True}

        shot, _ = await call(client, "screenshot")
        images = [c for c in shot.content if c.type == "image"]
        assert len(images) == 1 and images[0].mime_type == "image/png"
        png = base64.b64decode(images[0].data)
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", png[16:24])
        assert (width, height) == (780, 1688), (width, height)
        with open(os.path.join(OUT, f"pay-contacts-{platform}.png"), "wb") as f:
            f.write(png)
        shot2, _ = await call(client, "screenshot")
        assert base64.b64decode(shot2.content[0].data) == png, "the same screen gave another PNG"

        journal, _ = await call(client, "sim_journal", {"last": 5})
        assert len(journal.structured_content["entries"]) == 5
        audit, _ = await call(client, "sim_audit")
        assert audit.structured_content, audit
        status, _ = await call(client, "sim_status")
        assert status.structured_content, status


async def errors():
    async with Client(server()) as client:
        # Unknown method: the SDK's own discovery probe, sent again by hand.
        await expect_protocol_error(client.session.send_discover("2026-07-28"), -32601, ["server/discover"])
        await expect_protocol_error(client.call_tool("no_such_tool", {}), -32602, ["no_such_tool"])
        await expect_protocol_error(client.call_tool("launch_app_sim", {"bundleId": 7}), -32602, ["'bundleId'", "string"])
        await expect_protocol_error(client.call_tool("launch_app_sim", {}), -32602, ["'bundleId'"])
        await expect_protocol_error(client.call_tool("tap", {"id": "A", "label": "B"}), -32602, ["one of"])
        await expect_protocol_error(client.call_tool("button", {"name": "home", "colour": 1}), -32602, ["'colour'"])

        await call(client, "sim_setup", {"steps": f"include {REPO}/Fixtures/scenarios/baseline.steps"})
        await call(client, "launch_app_sim", {"bundleId": "to.bitkit"})
        _, text = await call(client, "tap", {"id": "NoSuchButton"}, error=True)
        assert text == "no element 'NoSuchButton' on Bitkit's current screen", text
        _, text = await call(client, "launch_app_sim", {"bundleId": "com.example.nothing"}, error=True)
        assert "com.example.nothing" in text, text
        _, text = await call(client, "wait_for_ui", {"id": "Nope", "predicate": "exists", "timeoutSeconds": 3}, error=True)
        assert text.startswith("after 3 s: Nope is not shown"), text

        # A stale reference: refs from Home, then the screen changes without a new snapshot.
        home, _ = await call(client, "snapshot_ui")
        profile = next(e for e in elements(home.structured_content) if e.get("id") == "ProfileButton")
        await call(client, "sim_setup", {"steps": "bitkit open settings"})
        _, text = await call(client, "tap", {"elementRef": profile["ref"]}, error=True)
        assert text == f"element reference {profile['ref']} is from an earlier screen: take a new snapshot_ui", text
        # After a new snapshot the same ref works again (or names another element).
        fresh, _ = await call(client, "snapshot_ui")
        assert fresh.structured_content["screen"] == "settings"

        # An app that is not installed: the CLI's own sentence.
        await call(client, "sim_setup", {"steps": "simctl uninstall ring"})
        _, text = await call(client, "launch_app_sim", {"bundleId": "app.pubkyring"}, error=True)
        assert "not installed" in text, text
        # The server is still there and answers.
        await client.send_ping()


async def tools():
    """The tools the flows do not need: focus and typing, links, the home button, stopping, swipes."""
    async with Client(server()) as client:
        await call(client, "sim_setup", {"steps": f"include {REPO}/Fixtures/scenarios/baseline.steps"})
        await call(client, "launch_app_sim", {"bundleId": "to.bitkit"})
        choice, _ = await call(client, "tap", {"id": "ProfileButton"})
        assert any(e.get("id") == "PubkyChoiceCreate" for e in elements(choice.structured_content))
        form, _ = await call(client, "tap", {"id": "PubkyChoiceCreate"})
        assert form.structured_content["screen"] == "createProfile", form.structured_content["screen"]
        field = next(e for e in elements(form.structured_content) if e.get("id") == "CreateProfileUsername")
        assert field["role"] == "field" and field["focused"] is False
        # A tap at the field's centre focuses it; typing without an id goes there.
        frame = field["frame"]
        focused, _ = await call(client, "tap", {"x": frame["x"] + frame["width"] / 2, "y": frame["y"] + frame["height"] / 2})
        assert next(e for e in elements(focused.structured_content) if e.get("id") == "CreateProfileUsername")["focused"]
        typed, _ = await call(client, "type_text", {"text": "Satoshi"})
        name = next(e for e in elements(typed.structured_content) if e.get("id") == "CreateProfileUsername")
        assert name["value"] == "Satoshi", name
        swiped, text = await call(client, "swipe", {"direction": "up"})
        assert "no effect in the simulator" in text and swiped.structured_content["screen"] == "createProfile"
        await expect_protocol_error(client.call_tool("scroll", {"direction": "sideways"}), -32602, ["'direction'"])

        # A link the OS gives to Ring, which comes to the front; Bitkit goes to the background.
        made, _ = await call(client, "sim_setup", {"steps": "simctl auth-request --caps /pub/pubky.app/:rw\nset LINK = .link"})
        link = made.structured_content["bindings"]["link"]
        opened, _ = await call(client, "open_url", {"url": link})
        assert opened.structured_content["app"] == "app.pubkyring" and opened.structured_content["receivedBy"] == "app.pubkyring"
        sims, _ = await call(client, "list_sims")
        front = [a["bundleId"] for a in sims.structured_content["apps"] if a["foreground"]]
        assert front == ["app.pubkyring"], sims.structured_content
        _, text = await call(client, "type_text", {"text": "x", "id": "EditPubkyNameInput"}, error=True)
        assert text == "typing into Pubky Ring's fields is not simulated", text

        # Home: nothing in front, so a snapshot without a bundle id has nothing to show.
        await call(client, "button", {"name": "home"})
        sims, _ = await call(client, "list_sims")
        assert not any(a["foreground"] for a in sims.structured_content["apps"]), sims.structured_content
        _, text = await call(client, "snapshot_ui", error=True)
        assert text.startswith("No app is in the foreground"), text
        named, _ = await call(client, "snapshot_ui", {"bundleId": "to.bitkit"})
        assert named.structured_content["screen"] == "createProfile"

        stopped, _ = await call(client, "stop_app_sim", {"bundleId": "app.pubkyring"})
        assert stopped.structured_content == {"stopped": True}
        again, _ = await call(client, "stop_app_sim", {"bundleId": "app.pubkyring"})
        assert again.structured_content == {"stopped": False}
        _, text = await call(client, "screenshot", {"bundleId": "app.pubkyring"}, error=True)
        assert "Pubky Ring is not running" in text, text


async def before_initialize():
    async with stdio_client(server()) as (read, write):
        session = ClientSession(read, write)
        async with session:
            await expect_protocol_error(session.list_tools(), -32002, ["initialize"])


def main():
    if SCENARIO == "flow-ios":
        asyncio.run(flow("ios"))
    elif SCENARIO == "flow-android":
        asyncio.run(flow("android"))
    elif SCENARIO == "errors":
        asyncio.run(errors())
    elif SCENARIO == "tools":
        asyncio.run(tools())
    elif SCENARIO == "before-initialize":
        asyncio.run(before_initialize())
    else:
        raise SystemExit(f"unknown scenario {SCENARIO}")
    print(json.dumps(record, sort_keys=True))


if __name__ == "__main__":
    main()
