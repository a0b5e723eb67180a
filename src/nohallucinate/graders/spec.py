"""A grader by name and where its model lives: the one way the command line, the served environment, the inspect
and verifiers tasks and the Python API build a grader."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from nohallucinate.bounds import quote
from nohallucinate.errors import UserInputError
from nohallucinate.graders.llm.templates import OURS, SimpleQATemplate
from nohallucinate.models.settings import ClientSettings
from nohallucinate.spec import DEFAULT_GRADER_MODEL

if TYPE_CHECKING:
    from nohallucinate.graders.base import Grader
    from nohallucinate.models import Endpoint, ModelClient

GRADERS = ("local", "llm", "hybrid")


def known_grader(name: str) -> str:
    """`name`, when it names a grader; else a UserInputError listing the graders."""
    if name not in GRADERS:
        raise UserInputError(f"unknown grader {quote(name)}; choose one of: {', '.join(GRADERS)}")
    return name


@dataclass(frozen=True)
class GraderSpec:
    """Which grader (`local`, `llm` or `hybrid`), and for a model grader its model, endpoint, key and client
    settings. The key may come later, with each episode's secrets (`open(secrets)`)."""

    name: str = "local"
    model: str = DEFAULT_GRADER_MODEL
    base_url: str | None = None  # unset: $OPENAI_BASE_URL, else OpenAI
    api_key: str | None = None  # unset: the secrets' openai_api_key, else $OPENAI_API_KEY
    simpleqa: SimpleQATemplate = OURS
    settings: ClientSettings = field(default_factory=ClientSettings)

    def __post_init__(self) -> None:
        known_grader(self.name)

    @classmethod
    def at(
        cls,
        name: str,
        endpoint: Endpoint | None,
        simpleqa: SimpleQATemplate = OURS,
        settings: ClientSettings | None = None,
    ) -> GraderSpec:
        """The grader `name` calling `endpoint` (None: the local grader, which calls none)."""
        if endpoint is None:
            return cls(name, simpleqa=simpleqa, settings=settings or ClientSettings())
        return cls(name, endpoint.model, endpoint.base_url, endpoint.api_key, simpleqa, settings or ClientSettings())

    def endpoint(self, secrets: Mapping[str, str] | None = None) -> Endpoint | None:
        """Where the model grader's calls go (None for the local grader); a missing key or a bad URL raises."""
        from nohallucinate.models import Endpoint

        if self.name == "local":
            return None
        return Endpoint.resolve(self.model, base_url=self.base_url, api_key=self.api_key, secrets=secrets)

    def check_key(self, key_variable: str, key_setting: str, url_setting: str) -> None:
        """Raise now, not in every grading, what stops a model grader from being called: a bad base URL, or no key
        for OpenAI's (the message names the variable the key is read from and the settings that name it)."""
        from nohallucinate.models import MissingKeyError

        try:
            self.endpoint()
        except MissingKeyError:
            raise MissingKeyError(
                f"the {self.name} grader has no API key for {self.model} at OpenAI: set ${key_variable} "
                f"({key_setting} names the variable), or point {url_setting} at a server that needs none"
            ) from None

    def open(self, secrets: Mapping[str, str] | None = None, *, never_give_up: bool = False) -> OpenGrader:
        """The grader, with the model client it calls through (close it: `aclose`, or `async with`).
        `never_give_up` keeps a long-lived service's client retrying an endpoint that cannot be reached."""
        endpoint = self.endpoint(secrets)
        client = None if endpoint is None else self.settings.client(endpoint, never_give_up=never_give_up)
        return OpenGrader(make_grader(self.name, client, self.simpleqa), client)


@dataclass
class OpenGrader:
    """A grader and the model client it calls through (None for the local grader)."""

    grader: Grader
    client: ModelClient | None = None

    async def aclose(self) -> None:
        if self.client is not None:
            await self.client.aclose()

    async def __aenter__(self) -> OpenGrader:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()


def make_grader(name: str, client: ModelClient | None = None, simpleqa: SimpleQATemplate = OURS) -> Grader:
    """The grader called `name`; "llm" and "hybrid" grade through `client`."""
    if name == "local":
        from nohallucinate.graders.local import LocalGrader

        return LocalGrader()
    known_grader(name)
    if client is None:
        raise ValueError(f"grader {name!r} needs a model client")
    from nohallucinate.graders.hybrid import HybridGrader
    from nohallucinate.graders.llm import ModelGrader

    model = ModelGrader(client, simpleqa)
    return model if name == "llm" else HybridGrader(model)
