"""The README's EnokiQA lines run as written: `--data test` and `--data dev` from a local Hugging Face Hub serving
the mini fixture as s-nlp/EnokiQA, `dev.parquet`, `P.jsonl`, `rows.jsonl` and `ragtruth.jsonl` as files beside
them, and the model (for detect, annotate and detection) served by the local test server through $OPENAI_BASE_URL.
`--local-nli PATH` needs the `nli` extra and a model on disk, which the tests never install: it is not run."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from nohallucinate.enokiqa import load_enokiqa
from support.enoki_hub import MINI, enoki_repo, raw_records
from support.hf_hub_server import HUB_VARIABLES_UNSET, HubServer, hub_environment
from support.openai_server import OpenAIServer
from support.readme import readme_example
from support.readme_shell import Shell, shell_commands
from support.scripted_model import scripted_model


def oracle_predictions(path: Path) -> None:
    """A predictions file for the mini fixture holding the gold: every part, every id."""
    lines = [
        {
            "id": e.id,
            "sentence_scores": [max((t.hall_prob for t in s.triples), default=0.0) for s in e.sentences],
            "triple_scores": [[t.hall_prob for t in s.triples] for s in e.sentences],
            "spans": [list(t.span) for s in e.sentences for t in s.triples if t.hall_prob > 0.5 and t.span],
        }
        for e in load_enokiqa(MINI).examples
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")


def test_the_enoki_lines_validate_eval_detect_annotate_and_detect_on_ragtruth(shared_dir: Path, tmp_path: Path):
    validate, eval_hub, eval_file, detect, annotate, detection = shell_commands(readme_example("enoki"))
    assert validate.comment == (
        "every rule the card states, violations by id (exit 2: unreadable records; 1: rules broken)"
    )
    records = raw_records()
    oracle_predictions(tmp_path / "P.jsonl")
    shutil.copy(MINI.with_suffix(".parquet"), tmp_path / "dev.parquet")
    rows = [{"question": r["question"], "answer": r["answer"], "context": r["context"]} for r in records[:2]]
    (tmp_path / "rows.jsonl").write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    shutil.copy(shared_dir / "data/detection/ragtruth_sample.jsonl", tmp_path / "ragtruth.jsonl")
    hub = HubServer({"s-nlp/EnokiQA": enoki_repo({"dev": records, "test": records})}).start()
    try:
        with OpenAIServer(scripted_model) as model:
            env = {k: v for k, v in os.environ.items() if k not in (*HUB_VARIABLES_UNSET, "OPENAI_API_KEY")}
            env |= hub_environment(hub.url, tmp_path / "hf-home") | {"OPENAI_BASE_URL": model.url}
            shell = Shell(tmp_path, env=env)
            checked, scored, scored_file = shell.run_all([validate, eval_hub, eval_file])
            assert f"{len(records)} examples" in checked.stdout and "0 violation(s)" in checked.stdout
            assert "baseline:constant" in scored.stdout and "baseline:oracle" in scored.stdout
            [system] = json.loads(scored_file.stdout)["systems"].values()
            assert system["span"]["iou"]["score"] == 1.0  # the gold, scored against itself
            # The exit codes its comment gives: 1 when records break the card's rules, 2 when they cannot be read.
            broken = [records[0] | {"n_sentences": 99}, *records[1:]]
            (tmp_path / "broken.jsonl").write_text("".join(json.dumps(r) + "\n" for r in broken), encoding="utf-8")
            (tmp_path / "cut.jsonl").write_text(MINI.read_text(encoding="utf-8") + '{"id": "cut off\n', "utf-8")
            for data, code in (("broken.jsonl", 1), ("cut.jsonl", 2)):
                shell.replace = {"--data test": f"--data {data}"}
                assert shell.run(validate).returncode == code, data
            shell.replace = {}
            shell.run_all([detect, annotate, detection])
            assert (tmp_path / "P.jsonl").read_text(encoding="utf-8").count("\n") == len(records)
            assert (tmp_path / "records.jsonl").read_text(encoding="utf-8").count("\n") == len(rows)
            assert {request["model"] for request in model.requests} == {"gpt-5-mini"}
    finally:
        hub.stop()
    assert hub.unknown == []
