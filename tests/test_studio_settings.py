"""One settings model for every environment variable: defaults, each bound refused in one sentence naming the
variable, secrets never shown, the README's table the model's own, and the front doors stop at a bad value."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from services.settings import (
    ENV_NAMES,
    TABLE_END,
    TABLE_START,
    SettingsError,
    StudioSettings,
    accepts,
    check_settings,
    env_name,
    settings,
    settings_table,
    shown_default,
)
from tests.cli_in_process import run_cli

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
BOUNDED = [(field, info) for field, info in StudioSettings.model_fields.items()
           if any(getattr(m, "ge", None) is not None for m in info.metadata)]
CHOICES = {"COMIC_LOG_LEVEL": "chatty", "COMIC_LLM": "ollama", "COMIC_IMAGE_BACKEND": "dall-e",
           "COMIC_STRICT_REVIEW": "maybe"}
SECRETS = {"COMIC_CURATOR_TOKEN": "curator-7d1e4b8a", "COMIC_BROWSER_SECRET": "browser-9f2c7d1e",
           "OPENAI_API_KEY": "sk-secret-4b8a6035", "HF_TOKEN": "hf_secret_c7d1e4b8"}


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in ENV_NAMES:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def _limits(field: str) -> tuple[int | float, int | float]:
    info = StudioSettings.model_fields[field]
    low = next(m.ge for m in info.metadata if getattr(m, "ge", None) is not None)
    high = next(m.le for m in info.metadata if getattr(m, "le", None) is not None)
    return low, high


def _text(number: int | float) -> str:
    return f"{number:g}" if isinstance(number, float) else str(number)


def test_the_defaults_are_the_documented_ones(clean_env: pytest.MonkeyPatch) -> None:
    current = settings()
    assert (current.queue_size, current.generate_concurrency, current.max_body_kb, current.generate_per_minute,
            current.comments_per_minute, current.comic_comments_per_minute, current.memories_per_comic,
            current.max_data_mb, current.proxy_hops) == (64, 4, 256, 20, 10, 5, 30, 2000, 1)
    assert (current.llm, current.llm_model, current.llm_timeout, current.llm_retries, current.llm_max_tokens,
            current.llm_failures, current.llm_skip_seconds) == ("offline", "gpt-4o-mini", 30, 2, 1500, 2, 60)
    assert (current.image_backend, current.image_timeout, current.image_concurrency) == ("procedural", 60, 4)
    assert current.log_level == "INFO" and current.strict_review is False
    assert current.data_dir is current.cache_dir is current.curator_token is current.space_id is None
    assert current.server_port is None and current.hf_token is None and current.openai_api_key is None


def test_every_variable_has_a_name_a_description_and_a_rule() -> None:
    assert len(set(ENV_NAMES)) == len(ENV_NAMES) == len(StudioSettings.model_fields)
    for field, info in StudioSettings.model_fields.items():
        assert re.fullmatch(r"[A-Z][A-Z0-9_]+", env_name(field)), field
        assert info.description and accepts(field).startswith("must be "), field


def test_a_change_in_the_environment_takes_effect_at_the_next_call(clean_env: pytest.MonkeyPatch) -> None:
    assert settings().queue_size == 64
    clean_env.setenv("COMIC_QUEUE_SIZE", "7")
    assert settings().queue_size == 7
    clean_env.setenv("COMIC_QUEUE_SIZE", "")  # empty counts as unset: the default, not an error
    assert settings().queue_size == 64
    clean_env.setenv("COMIC_QUEUE_SIZE", " 9\n")  # as pasted into a secrets form
    assert settings().queue_size == 9


@pytest.mark.parametrize(("field", "info"), BOUNDED, ids=[env_name(f) for f, _ in BOUNDED])
def test_each_bound_is_refused_with_one_sentence_naming_the_variable(clean_env: pytest.MonkeyPatch,
                                                                     field: str, info: object) -> None:
    name, (low, high) = env_name(field), _limits(field)
    kind = "a whole number" if StudioSettings.model_fields[field].annotation in (int, int | None) else "a number"
    for good in (low, high):
        clean_env.setenv(name, _text(good))
        assert getattr(settings(), field) == good
    step = 1 if kind == "a whole number" else 0.5
    for bad in (_text(low - step), _text(high + step), "lots"):
        clean_env.setenv(name, bad)
        with pytest.raises(SettingsError) as refused:
            settings()
        assert str(refused.value) == f"{name}: must be {kind} from {_text(low)} to {_text(high)} (got {bad!r}).", bad


@pytest.mark.parametrize("name", sorted(CHOICES))
def test_a_value_not_among_the_choices_is_refused(clean_env: pytest.MonkeyPatch, name: str) -> None:
    clean_env.setenv(name, CHOICES[name])
    with pytest.raises(SettingsError, match=rf"^{name}: must be .* \(got '{CHOICES[name]}'\)\.$"):
        check_settings()


def test_choices_ignore_case_and_booleans_read_as_people_write_them(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("COMIC_LLM", "OpenAI")
    clean_env.setenv("COMIC_IMAGE_BACKEND", "HF")
    clean_env.setenv("COMIC_LOG_LEVEL", "warning")
    clean_env.setenv("COMIC_STRICT_REVIEW", "yes")
    current = settings()
    assert (current.llm, current.image_backend, current.log_level, current.strict_review) == \
        ("openai", "hf", "WARNING", True)
    clean_env.setenv("COMIC_STRICT_REVIEW", "off")
    assert settings().strict_review is False


def test_a_long_bad_value_is_cut_short_in_the_sentence(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("COMIC_LLM_MODEL", "m" * 5000)
    with pytest.raises(SettingsError) as refused:
        settings()
    assert str(refused.value) == f"COMIC_LLM_MODEL: must be at most 200 characters (got '{'m' * 40}…')."


def test_secrets_are_never_printed(clean_env: pytest.MonkeyPatch) -> None:
    for name, value in SECRETS.items():
        clean_env.setenv(name, value)
    current = settings()
    shown = [repr(current), str(current), current.model_dump_json(), str(current.model_dump())]
    for value in SECRETS.values():
        assert all(value not in text for text in shown), value
    assert current.curator_token is not None and current.curator_token.get_secret_value() == SECRETS[
        "COMIC_CURATOR_TOKEN"]
    clean_env.setenv("COMIC_QUEUE_SIZE", "none")  # a refusal elsewhere quotes only its own value
    with pytest.raises(SettingsError) as refused:
        settings()
    assert all(value not in str(refused.value) for value in SECRETS.values())


def test_the_modules_see_the_secrets(clean_env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from services.art.hf_renderer import HFSettings
    from services.memory.curator_access import curation_locked
    from services.story.llm_client import LLMSettings
    from services.web.identity import browser_state_secret

    for name, value in SECRETS.items():
        clean_env.setenv(name, value)
    clean_env.setenv("COMIC_LLM", "openai")
    llm = LLMSettings.from_env()
    assert llm is not None and llm.api_key == SECRETS["OPENAI_API_KEY"]
    assert HFSettings.from_env().token == SECRETS["HF_TOKEN"]
    assert curation_locked() and browser_state_secret(tmp_path) == SECRETS["COMIC_BROWSER_SECRET"]
    clean_env.delenv("OPENAI_API_KEY")
    llm = LLMSettings.from_env()
    assert llm is not None and llm.api_key == "not-needed"  # a local server takes any key


def _readme_table() -> str:
    text = README.read_text(encoding="utf-8")
    assert TABLE_START in text and TABLE_END in text, "the README has lost its settings table"
    return text[text.index(TABLE_START) + len(TABLE_START):text.index(TABLE_END)].strip()


def test_the_readme_table_is_the_models_own() -> None:
    assert _readme_table() == settings_table(), "run `python -m services.settings` and paste its table in the README"


def test_the_readme_names_no_variable_the_model_lacks_and_every_one_it_has() -> None:
    text = README.read_text(encoding="utf-8")
    named = set(re.findall(r"\bCOMIC_[A-Z0-9_]*[A-Z0-9]\b", text))
    assert named - set(ENV_NAMES) == set()
    for field in StudioSettings.model_fields:
        row = next((line for line in _readme_table().splitlines() if line.startswith(f"| `{env_name(field)}` |")), "")
        assert row, env_name(field)


def test_the_readmes_prose_gives_the_models_defaults() -> None:
    """Outside the table the README says "`COMIC_QUEUE_SIZE` (waiting requests, default 64)": the same numbers."""
    defaults = {env_name(field): shown_default(field) for field in StudioSettings.model_fields}
    said = re.findall(r"`([A-Z][A-Z0-9_]+)`[^`|]{0,60}?\bdefault `?([^`,;:)\s]+)", README.read_text(encoding="utf-8"))
    assert len(said) >= 10
    assert [(name, value) for name, value in said if defaults.get(name) != value] == []


def test_no_module_reads_the_environment_but_the_settings() -> None:
    reads = re.compile(r"os\.environ\.get\(|os\.getenv\(|os\.environ\[|environ\.get\(")
    allowed = {("services/memory/condenser.py", "TIKTOKEN_CACHE_DIR")}  # a library's cache, set around one call
    found = []
    for path in [ROOT / "app.py", *(ROOT / "services").rglob("*.py"), *(ROOT / "agents").rglob("*.py")]:
        relative = path.relative_to(ROOT).as_posix()
        if relative == "services/settings.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if reads.search(line) and not any(relative == where and what in line for where, what in allowed):
                found.append(f"{relative}:{number}: {line.strip()}")
    assert found == []


def test_the_cli_stops_at_a_bad_value_with_one_line_and_writes_nothing(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMIC_MAX_DATA_MB", "lots")
    data = tmp_path / "data"
    result = run_cli("generate", "--prompt", "A robot paints the moon", "--panels", "2", data_dir=data)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "error: COMIC_MAX_DATA_MB: must be a whole number from 1 to 1000000000 (got 'lots').\n"
    assert not data.exists()


def test_python_app_py_refuses_to_serve_misconfigured(tmp_path: Path) -> None:
    """A real process: the exit status through the shell, and no traceback, before Gradio is even imported."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "COMIC_DATA_DIR": str(tmp_path / "data"),
           "COMIC_GENERATE_CONCURRENCY": "500"}
    result = subprocess.run([sys.executable, str(ROOT / "app.py")], capture_output=True, text=True, env=env,
                            cwd=tmp_path, timeout=120)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == ("error: COMIC_GENERATE_CONCURRENCY: must be a whole number from 1 to 16 "
                             "(got '500').\n")
