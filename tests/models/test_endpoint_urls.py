"""A base URL must be http(s) with a host; anything else is refused up front with the value quoted."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.models import BadBaseUrlError, Endpoint


@pytest.mark.parametrize(
    "url",
    ["not-a-url", "localhost:8000/v1", "ftp://example.org/v1", "http://", "http:///v1", "http://host:port/v1",
     "http://[::1/v1", " http://127.0.0.1:8000/v1", "file:///etc/passwd"],
)  # fmt: skip
def test_a_base_url_that_is_not_http_with_a_host_is_refused(url: str) -> None:
    with pytest.raises(BadBaseUrlError, match="is not an http\\(s\\) URL with a host") as raised:
        Endpoint.resolve("m", base_url=url, environ={})
    assert repr(url) in str(raised.value)
    assert isinstance(raised.value, ValueError)  # what the commands report as a user error


@pytest.mark.parametrize("url", ["http://127.0.0.1:8000/v1", "https://api.example.org/v1/", "http://[::1]:8000/v1"])
def test_http_and_https_urls_with_a_host_are_accepted(url: str) -> None:
    assert Endpoint.resolve("m", base_url=url, environ={}).base_url == url.rstrip("/")


def test_the_refusal_quotes_at_most_80_characters_and_names_the_variable() -> None:
    long = "localhost:8000/" + "v" * 500
    with pytest.raises(BadBaseUrlError) as raised:
        Endpoint.resolve("m", base_url=long, environ={})
    quoted = str(raised.value).split("'")[1]
    assert len(quoted) == 80 and quoted.endswith("...") and long.startswith(quoted[:-3])
    with pytest.raises(BadBaseUrlError, match=r"'localhost:8000' \(from \$OPENAI_BASE_URL\)"):
        Endpoint.resolve("m", environ={"OPENAI_BASE_URL": "localhost:8000"})


def test_the_sweep_command_refuses_it_with_exit_code_2(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    result = CliRunner().invoke(app, ["sweep", "--policy", "openai:m", "--policy-base-url", "not-a-url", "--no-cache"])
    assert result.exit_code == 2
    assert "base URL 'not-a-url' is not an http(s) URL with a host" in result.stderr
    assert "Traceback" not in result.output
