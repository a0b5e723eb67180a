"""Graders for a long-lived service: built once per API key, shared by every episode that brings that key."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from nohallucinate.graders import OURS, Grader, LocalGrader, SimpleQATemplate, make_grader
from nohallucinate.models import ClientSettings, Endpoint, ModelClient
from nohallucinate.models.endpoint import resolve_base_url
from nohallucinate.spec import DEFAULT_GRADER_MODEL


@dataclass(frozen=True)
class GraderSpec:
    """Which grader to use and where its model lives; the key may come later, with each episode's secrets."""

    name: str = "local"
    model: str = DEFAULT_GRADER_MODEL
    base_url: str | None = None
    api_key: str | None = None
    simpleqa: SimpleQATemplate = OURS
    settings: ClientSettings = field(default_factory=ClientSettings)


class GraderPool:
    """Hands out the grader for an episode's secrets, reusing model clients across episodes."""

    def __init__(self, spec: GraderSpec) -> None:
        if spec.name != "local":  # a bad base URL (or one carrying a key) is refused now, not in every episode
            resolve_base_url(spec.base_url)
        self.spec = spec
        self._local = LocalGrader()
        self._clients: dict[tuple[str, str], ModelClient] = {}
        self._graders: dict[tuple[str, str], Grader] = {}

    def grader(self, secrets: Mapping[str, str] | None = None) -> Grader:
        """The grader for these secrets (the key is read from `openai_api_key` when none was configured)."""
        if self.spec.name == "local":
            return self._local
        endpoint = Endpoint.resolve(
            self.spec.model, base_url=self.spec.base_url, api_key=self.spec.api_key, secrets=secrets
        )
        key = (endpoint.base_url, endpoint.api_key)
        if key not in self._graders:
            # A service never gives its grader endpoint up: each episode fails on its own while it is down.
            client = self.spec.settings.client(endpoint, never_give_up=True)
            self._clients[key] = client
            self._graders[key] = make_grader(self.spec.name, client, self.spec.simpleqa)
        return self._graders[key]

    @property
    def clients(self) -> list[ModelClient]:
        return list(self._clients.values())

    async def aclose(self) -> None:
        for client in self._clients.values():
            await client.aclose()
        self._clients.clear()
        self._graders.clear()
