"""Render an evaluation report (the dict :func:`metrics.evaluate` returns)."""
from __future__ import annotations

import json
from typing import Any

SCHEMA = "detact/eval@1"


def to_json(report: dict[str, Any]) -> str:
    """The report as JSON text with the schema tag first."""
    return json.dumps({"schema": SCHEMA, **report}, indent=2, allow_nan=False)


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:6.2f}"


def to_table(report: dict[str, Any]) -> str:
    """A short human-readable summary: scores, penalties, breakdowns."""
    lines = [f"OmniACT evaluation  split={report.get('split', '?')}  compat={report['compat']}  "
             f"tasks={report['n_tasks']}  missing predictions={report['n_missing_predictions']}",
             "",
             f"  sequence score  {_pct(report['sequence_score'])} %",
             f"  action score    {_pct(report['action_score'])} %",
             "  penalties       " + "  ".join(f"{k} {_pct(v).strip()} %"
                                              for k, v in report["penalties"].items()),
             "",
             f"  {'platform':<12}{'tasks':>7}{'sequence %':>12}{'action %':>10}"]
    for name, row in report["by_platform"].items():
        lines.append(f"  {name:<12}{row['tasks']:>7}{_pct(row['sequence_score']):>12}"
                     f"{_pct(row['action_score']):>10}")
    lines += ["", f"  {'gold action':<14}{'count':>7}{'in matched':>12}{'penalty':>9}{'mean penalty':>14}"]
    for name, row in report["by_action"].items():
        mean = "-" if row["mean_penalty"] is None else f"{row['mean_penalty']:.3f}"
        lines.append(f"  {name:<14}{row['gold']:>7}{row['in_matched_tasks']:>12}"
                     f"{row['penalised_as'] or '-':>9}{mean:>14}")
    return "\n".join(lines)
