"""The upload rules on their own: the byte rate per started MB, the sweep by age, what may be deleted or used."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from services.storage.disk_budget import folder_bytes
from services.web import uploads
from services.web.uploads import UploadGuard


@pytest.fixture
def upload_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "gradio"
    folder.mkdir()
    monkeypatch.setenv("GRADIO_TEMP_DIR", str(folder))
    return folder


def uploaded(folder: Path, name: str = "a.json", body: bytes = b"[]") -> Path:
    file = folder / f"hash-{name}" / name
    file.parent.mkdir()
    file.write_bytes(body)
    return file


def test_each_started_megabyte_counts_against_the_byte_rate(tmp_path: Path) -> None:
    guard = UploadGuard(per_minute=100, mb_per_minute=5, used=lambda: 0, budget_mb=0)
    assert guard.rate_refusal("1.2.3.4", 2_500_000) is None  # 3 units
    assert guard.rate_refusal("1.2.3.4", 10) is None  # 1 unit: 4 of 5
    refusal = guard.rate_refusal("1.2.3.4", 1_500_000)  # 2 units: over
    assert refusal is not None and refusal[0] == 429 and refusal[1].startswith("upload: at most 5 MB a minute")
    assert guard.rate_refusal("5.6.7.8", 4_900_000) is None  # another address has its own share


def test_the_count_is_per_upload(tmp_path: Path) -> None:
    guard = UploadGuard(per_minute=2, mb_per_minute=100, used=lambda: 0, budget_mb=0)
    assert [guard.rate_refusal("a", 1) for _ in range(2)] == [None, None]
    refusal = guard.rate_refusal("a", 1)
    assert refusal is not None and "at most 2 uploads a minute" in refusal[1]


def test_the_budget_counts_the_data_directory_and_the_uploads_kept(tmp_path: Path, upload_folder: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "comic.png").write_bytes(b"x" * 600_000)
    kept = {str(uploaded(upload_folder, body=b"x" * 300_000))}
    guard = UploadGuard(per_minute=10, mb_per_minute=10, used=lambda: folder_bytes(data), budget_mb=1)
    assert asyncio.run(guard.budget_refusal(kept, 100_000)) is None
    refusal = asyncio.run(guard.budget_refusal(kept, 200_000))
    assert refusal is not None and refusal[0] == 507 and "disk budget (1 MB)" in refusal[1]


def test_the_sweep_deletes_only_uploads_past_their_lifetime(upload_folder: Path) -> None:
    file = uploaded(upload_folder)
    made = os.lstat(file).st_ctime
    kept = {str(file), str(upload_folder / "gone" / "x.json")}
    assert uploads.sweep(kept, older_than=300, now=lambda: made + 100) == 0
    assert file.exists() and kept == {str(file)}  # one already gone (the import deleted it) is forgotten
    assert uploads.sweep(kept, older_than=300, now=lambda: made + 400) == 1
    assert not file.exists() and not file.parent.exists() and not kept


def test_only_files_in_the_upload_folder_are_deleted_or_used(tmp_path: Path, upload_folder: Path) -> None:
    elsewhere = tmp_path / "export.json"
    elsewhere.write_text("[]")
    uploads.discard(elsewhere)
    assert elsewhere.exists()
    mine = uploaded(upload_folder)
    assert uploads.uploaded_path({"path": str(mine), "meta": {"_type": "gradio.FileData"}}) == str(mine)
    assert uploads.uploaded_path([{"path": str(mine)}]) == str(mine)
    assert uploads.uploaded_path({"path": str(elsewhere)}) is None
    assert uploads.uploaded_path({"path": str(upload_folder / ".." / "export.json")}) is None
    assert uploads.uploaded_path(None) is None
    uploads.discard(str(mine))
    assert not mine.exists() and not mine.parent.exists()


@pytest.mark.parametrize("data", [
    {"data": [{"path": "https://example.com/huge.json"}]},
    {"data": [[{"nested": {"path": "/etc/passwd", "meta": {"_type": "gradio.FileData"}}}]]},
])
def test_a_file_that_is_not_an_upload_is_refused(upload_folder: Path, data: object) -> None:
    refusal = UploadGuard.file_refusal(data)
    assert refusal is not None and refusal[0] == 400 and refusal[1].startswith("file: must be a file uploaded")


def test_plain_data_and_real_uploads_pass(upload_folder: Path) -> None:
    mine = uploaded(upload_folder)
    assert UploadGuard.file_refusal({"data": ["A cat naps", 4, {"path": str(mine)}], "fn_index": 3}) is None
    assert UploadGuard.file_refusal(None) is None
