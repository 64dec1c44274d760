"""The command line: `python app.py generate ...` runs the same loop as the UI, without Gradio.

Bad input exits with status 2 and one line on stderr naming the field and the
limit; nothing is written in that case.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import sys
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import NoReturn

from services.cli import memories as cli_memories
from services.logging_setup import setup_logging
from services.schemas import (
    CAPTION_LANGUAGES,
    DEFAULT_LAYOUT,
    LAYOUT_NAMES,
    PANELS_MAX,
    PANELS_MIN,
    PROMPT_MAX_CHARS,
    STYLE_NAMES,
    AttemptDrawn,
    BrownReplied,
    ComicFinished,
    InvalidRequest,
    LoopEvent,
    SessionStarted,
    VerdictGiven,
    parse_request,
)
from services.settings import SettingsError, check_settings
from services.storage.database import DatabaseUnavailable, check_database
from services.storage.exporters import EXPORTS

logger = logging.getLogger(__name__)
EXIT_BAD_INPUT = 2
EXIT_ASKED_BACK = 1  # Brown did not understand a follow-up: he asked back, nothing changed
EXIT_FAILED = 3  # a fault inside the studio: one sentence on stderr, the traceback in the log at DEBUG
QUIET_HELP = "only warnings and errors on stderr (the agents' decision lines are logged at INFO; COMIC_LOG_LEVEL sets it)"


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"error: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="python app.py", description=(
        "Bayko & Brown, a comic studio. Without a command it serves the web studio "
        "(offline, no keys). Data lives in COMIC_DATA_DIR (default ./data)."))
    parser.add_argument("--quiet", action="store_true", help=QUIET_HELP)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    serve = commands.add_parser("serve", help="serve the web studio (the default)")
    serve.add_argument("--host", default=None, help="interface to bind (default: GRADIO_SERVER_NAME or 127.0.0.1)")
    serve.add_argument("--port", type=int, default=None, help="port (default: GRADIO_SERVER_PORT or 7860)")
    generate = commands.add_parser("generate", help="make one comic and print each step",
                                   description="Make one comic: Bayko draws, Brown reviews (at most 3 attempts).")
    generate.add_argument("--prompt", help=f"the story, 1-{PROMPT_MAX_CHARS} characters ('-' reads it from standard input)")
    generate.add_argument("--panels", default="4", help=f"number of panels, {PANELS_MIN}-{PANELS_MAX} (default 4)")
    generate.add_argument("--style", default=STYLE_NAMES[0], help=f"one of: {', '.join(STYLE_NAMES)}")
    generate.add_argument("--layout", default=DEFAULT_LAYOUT, help=f"page layout: {', '.join(LAYOUT_NAMES)}")
    generate.add_argument("--language", default="auto", choices=CAPTION_LANGUAGES, type=str.lower,
                          help="the captions' language (default auto: the prompt's own)")
    generate.add_argument("--seed", default=None, help="whole number; the same prompt and seed give the same comic")
    generate.add_argument("--user", default=None, help="who asks (optional)")
    generate.add_argument("--out", default=None, help="put the session folder here instead of the data directory")
    revise = commands.add_parser("revise", help="ask Brown for a change to a finished comic: its next version",
                                 description="Ask Brown for a change to a finished comic ('make it night', 'panel 2: "
                                             "the dog laughs', 'caption 3: your words'): Bayko redraws only the "
                                             "panels it changes, Brown reviews the new version.")
    revise.add_argument("--session", required=True, help="the comic's session id (printed by generate)")
    revise.add_argument("--user", default=None, help="act as this owner: only their comics (optional)")
    revise.add_argument("instruction", help=f"what to change, 1-{PROMPT_MAX_CHARS} characters ('-' reads standard "
                                            "input)")
    for command in (serve, generate, revise):  # also after the command: `generate --quiet ...`
        command.add_argument("--quiet", action="store_true", default=argparse.SUPPRESS, help=QUIET_HELP)
    cli_memories.add_commands(commands)
    return parser


def main(argv: Sequence[str]) -> int:
    args = build_parser().parse_args(argv)
    try:
        check_settings()  # every environment variable, before anything is read, written or served
        setup_logging(quiet=args.quiet)
        check_database()
    except (SettingsError, DatabaseUnavailable) as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.command == "generate":
        return run_generate(args)
    if args.command == "revise":
        return run_revise(args)
    if args.command in ("feedback", "memories", "curate"):
        return cli_memories.run(args)
    from services.web.ui import serve

    serve(host=getattr(args, "host", None), port=getattr(args, "port", None))
    return 0


def run_generate(args: argparse.Namespace) -> int:
    try:
        raw = {"prompt": _prompt_text(args.prompt), "panels": args.panels, "style": args.style,
               "seed": args.seed, "user_id": args.user, "layout": args.layout,
               "language": args.language}
        request = parse_request(raw)
    except InvalidRequest as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    out_dir = Path(args.out) if args.out else None
    if out_dir is not None and (problem := _unwritable(out_dir)):
        print(f"error: --out: cannot write to {out_dir} ({problem}).", file=sys.stderr)
        return EXIT_BAD_INPUT
    from agents.studio import open_studio

    studio = open_studio()
    try:
        status = asyncio.run(_print_events(studio.generate(request, out_dir)))
    except OSError as error:  # a full disk or a folder that vanished: one line, not a traceback
        print(f"error: could not write the comic ({error.strerror or type(error).__name__}).", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as error:
        return _failed("making the comic", error)
    # The work is done and flushed; freezing the heap spares the interpreter's final
    # garbage collection over LlamaIndex's many objects (about 0.3 s of a 2.5 s run).
    gc.freeze()
    return status


def run_revise(args: argparse.Namespace) -> int:
    """One follow-up turn: Brown's answer, the new version's panels and files; a question exits with status 1."""
    from agents.studio import open_studio
    from services.storage.session_store import ANYONE

    studio = open_studio()
    owner = args.user.strip() if args.user and args.user.strip() else ANYONE
    try:
        return asyncio.run(_print_events(studio.revise(args.session, _prompt_text(args.instruction), owner)))
    except InvalidRequest as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as error:
        print(f"error: could not write the comic ({error.strerror or type(error).__name__}).", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as error:
        return _failed("revising the comic", error)


def _failed(doing: str, error: Exception) -> int:
    """A fault of ours, not the caller's: one sentence, and the traceback for whoever reads the log at DEBUG."""
    logger.debug("the studio failed while %s", doing, exc_info=error)
    print(f"error: something went wrong inside the studio while {doing} ({type(error).__name__}); nothing you typed "
          "was lost, please try again or run with COMIC_LOG_LEVEL=DEBUG to see why.", file=sys.stderr)
    return EXIT_FAILED


def _unwritable(folder: Path) -> str | None:
    """Why a comic cannot be written under `folder`, in a few words; None when it can."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        return error.strerror or type(error).__name__
    if not os.access(folder, os.W_OK | os.X_OK):
        return "permission denied"
    return None


def _prompt_text(prompt: str | None) -> str:
    if prompt != "-":
        return prompt or ""
    # Read a little past the limit, never the whole stream: an endless input cannot fill memory.
    cap = PROMPT_MAX_CHARS * 4
    text = sys.stdin.read(cap + 1)
    if len(text) > cap:
        raise InvalidRequest(f"prompt: must be at most {PROMPT_MAX_CHARS} characters after trimming (got more than {cap}).")
    return text


async def _print_events(events: AsyncIterator[LoopEvent]) -> int:
    """Print each step; 1 when Brown asked back instead of making a version (nothing changed), else 0."""
    status = 0
    async for event in events:
        for line in describe_event(event):
            print(line, flush=True)
        if isinstance(event, BrownReplied) and not event.understood:
            status = EXIT_ASKED_BACK
    return status


def describe_event(event: LoopEvent) -> list[str]:
    """The lines a person reads in a terminal for one step of the loop."""
    if isinstance(event, SessionStarted):
        r = event.request
        lines = [f"Brown: new comic {event.session_id} - {r.panels} panels, {r.style}, seed {r.seed}"]
        return lines + [f"Brown remembered: {m}" for m in event.domain_memories]
    if isinstance(event, AttemptDrawn):
        redrawn = [str(p.index + 1) for p in event.attempt.panels if p.changed]
        lines = ([f"Bayko: version {event.version} - panels drawn anew: {', '.join(redrawn) or 'none'}"]
                 if event.version else
                 [f"Bayko: attempt {event.attempt.attempt} - {len(event.attempt.panels)} panels drawn"])
        lines += [f"Bayko: note - {note}" for note in event.notices]
        for panel in event.attempt.panels:
            lines += [f"  [{panel.index + 1}] {panel.description}", f"      subtitle: {panel.subtitle}"]
        return lines
    if isinstance(event, VerdictGiven):
        v = event.verdict
        judged = f"version {event.version}" if event.version else f"attempt {event.attempt} of 3"
        line = f"Brown: {v.decision.value.upper()} {judged} (match {v.match_ratio:.0%}) - {v.reason}"
        lines = [line] + ([f"Brown: feedback for Bayko - {v.feedback}"] if v.feedback else [])
        if v.final and v.concepts_missing:
            lines.append(f"Brown: could not be drawn - {', '.join(v.concepts_missing)}")
        return lines
    if isinstance(event, BrownReplied):
        return [f"You: {event.instruction}", f"Brown: {event.reply}"]
    if isinstance(event, ComicFinished):
        final = event.session.final
        assert final is not None, "a finished comic has a final outcome"
        shown = (f" - version {event.session.shown} of {len(event.session.versions)}"
                 if len(event.session.versions) > 1 else "")
        return [f"Brown: final decision {final.decision.value} on attempt {final.attempt}{shown}",
                f"Files: {', '.join(EXPORTS)}, manifest.json", event.session_dir]
    return []
