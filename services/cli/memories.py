"""The command line for readers' comments and domain memories (no Gradio).

    python app.py feedback --session ID --comment TEXT [--user NAME]
    python app.py memories [--status S] [--json] [--export FILE | --import FILE] [--token T]
    python app.py curate MEMORY_ID STATUS [--token T] [--curator NAME]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from services.memory.domain_memories import DomainMemory, MemoryStatus
from services.schemas import InvalidRequest

if TYPE_CHECKING:
    from agents.studio import Studio

STATUSES = ", ".join(status.value for status in MemoryStatus)


def add_commands(commands: argparse._SubParsersAction[Any]) -> None:
    feedback = commands.add_parser("feedback", help="comment on a comic; corrections become domain memories")
    feedback.add_argument("--session", required=True, help="the comic's session id")
    feedback.add_argument("--comment", required=True, help="what to tell Brown")
    feedback.add_argument("--user", default=None, help="who comments (optional)")
    memories = commands.add_parser("memories", help="list, export or import domain memories")
    memories.add_argument("--status", default=None, help=f"only this status: {STATUSES}")
    memories.add_argument("--json", action="store_true", help="print JSON records instead of a table")
    memories.add_argument("--limit", type=int, default=200, help="at most this many (default 200)")
    exchange = memories.add_mutually_exclusive_group()
    exchange.add_argument("--export", metavar="FILE", help="write every record to FILE as a JSON list")
    exchange.add_argument("--import", dest="import_file", metavar="FILE", help="add the records of a JSON list")
    memories.add_argument("--token", default=None, help="curator token (for --import when one is configured)")
    curate = commands.add_parser("curate", help="accept, reject or mark a domain memory for review")
    curate.add_argument("memory_id")
    curate.add_argument("status", help=f"one of: {STATUSES}")
    curate.add_argument("--token", default=None, help="curator token (needed when COMIC_CURATOR_TOKEN is set)")
    curate.add_argument("--curator", default=None, help="who curates (for the audit log)")


def run(args: argparse.Namespace) -> int:
    """Run one memory command; bad input is one line on stderr and status 2."""
    from agents.studio import open_studio

    try:
        studio = open_studio()
        if args.command == "feedback":
            return _feedback(studio, args)
        if args.command == "curate":
            record = studio.curate(args.memory_id, args.status, args.token, args.curator)
            print(f"{record.memory_id} is now {record.status.value}: {record.memory}")
            return 0
        return _memories(studio, args)
    except InvalidRequest as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def _feedback(studio: Studio, args: argparse.Namespace) -> int:
    outcome = asyncio.run(studio.add_comment(args.session, args.comment, args.user))
    print(f"Comment {outcome.comment.comment_id} stored on {args.session}.")
    if not outcome.memories:
        print(f"Brown: {outcome.reply or 'nothing in that comment changes the story world.'}")
    for stored in outcome.memories:
        note = " (already known)" if stored.duplicate else ""
        if stored.conflicts_with:
            note += f" (contradicts {', '.join(stored.conflicts_with)})"
        print(f"Brown learned: {stored.record.memory} [{stored.record.status.value}] {stored.record.memory_id}{note}")
    return 0


def _memories(studio: Studio, args: argparse.Namespace) -> int:
    if args.export:
        exported = studio.export_memories()
        Path(args.export).write_text(json.dumps(exported, indent=2, ensure_ascii=False), encoding="utf-8")
        print(f"Exported {len(exported)} memories to {args.export}")
        return 0
    if args.import_file:
        added = studio.import_memories(_read_json(Path(args.import_file)), args.token)
        print(f"Imported {added} new memories from {args.import_file}")
        return 0
    records = studio.list_memories(args.status, args.limit)
    if args.json:
        print(json.dumps([r.model_dump(mode="json") for r in records], indent=2, ensure_ascii=False))
    else:
        for record in records:
            print(_row(record))
    return 0


def _read_json(path: Path) -> object:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InvalidRequest(f"file: {path} does not exist.") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise InvalidRequest(f"file: {path} is not a JSON list of memory records.") from None


def _row(record: DomainMemory) -> str:
    return f"{record.memory_id}  {record.status.value:12}  {record.issue_id}  {record.memory}"
