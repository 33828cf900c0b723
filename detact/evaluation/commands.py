"""``detact eval``: OmniACT Sequence Score and Action Score of predicted scripts, or
ScreenAgent's CC-Score (``--metric cc-score``)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..commands.options import add_parser_options, parser_options
from .dataset import DatasetError, load_split, prediction_names, read_prediction

_HELP = """\
Score one predicted PyAutoGUI script per task against an OmniACT-format dataset.

Prediction files in --pred DIR, per task, either of:
  DIR/<index>.txt                    index = the task's key in <split>.json, e.g. 2849.txt
  DIR/<platform>/<app>/task_X.Y.txt  the task file's path below data/tasks/
A task without a prediction scores 0 (an empty script). --generate writes
<index>.txt files with DetACT's pipeline first (needs DETACT_LLM_BASE_URL).

--metric omniact (default): Sequence Score and Action Score (--compat picks the formulas).
--metric cc-score: ScreenAgent's CC-Score (order-preserving best alignment of predicted and
gold actions, a click right when inside the gold box) with its Table 2 attribute figures.
--metric all: both, the CC-Score report under "cc" in the JSON.
"""


def register(subparsers) -> None:
    """Add the ``eval`` sub-command."""
    p = subparsers.add_parser(
        "eval", help="score predicted scripts on an OmniACT-format dataset",
        description=_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", required=True, metavar="DIR",
                   help="dataset root (holds train.json / val.json / test.json and data/)")
    p.add_argument("--pred", required=True, metavar="DIR", help="folder of predicted scripts")
    p.add_argument("--split", default="test", help="split file to use: DIR/<split>.json (default test)")
    p.add_argument("--compat", choices=("official", "paper"), default="official",
                   help="official: OmniACT's released eval.py (published numbers, default); "
                        "paper: the formulas as written in the paper")
    p.add_argument("--metric", choices=("omniact", "cc-score", "all"), default="omniact",
                   help="omniact: Sequence/Action Score (default); cc-score: ScreenAgent's CC-Score; all: both")
    p.add_argument("--format", choices=("table", "json"), default="table")
    p.add_argument("-o", "--output", metavar="OUT", help="write the report here instead of stdout")
    p.add_argument("--limit", type=int, metavar="N", help="only the first N tasks of the split")
    p.add_argument("--generate", action="store_true",
                   help="first write missing predictions with DetACT's full pipeline (needs an LLM "
                        "endpoint: DETACT_LLM_BASE_URL, DETACT_LLM_MODEL, DETACT_LLM_API_KEY)")
    p.add_argument("--overwrite", action="store_true", help="with --generate: redo existing predictions")
    g = p.add_argument_group("--generate options")
    g.add_argument("--llm-base-url", metavar="URL", help="overrides DETACT_LLM_BASE_URL")
    g.add_argument("--llm-model", metavar="NAME", help="overrides DETACT_LLM_MODEL")
    g.add_argument("--llm-api-key", metavar="KEY", help="overrides DETACT_LLM_API_KEY")
    g.add_argument("--examples", metavar="PATH",
                   help="few-shot pool (.jsonl or an OmniACT folder); default: the dataset's train "
                        "split when scoring another split, else the built-in bank")
    add_parser_options(p)
    p.add_argument("--strict", action="store_true", help="a task without a prediction is an error")
    p.add_argument("--missing-box", choices=("error", "skip"), default="error",
                   help="a gold click whose box is not in the metadata: stop with its file and "
                        "line (default, as eval.py asserts) or skip its click penalty")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress or warnings on stderr")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Handler of ``detact eval``."""
    from .metrics import evaluate
    from .report import to_json, to_table

    if args.limit is not None and args.limit < 1:
        raise DatasetError(f"--limit must be at least 1, got {args.limit}")
    tasks = load_split(args.data, args.split, limit=args.limit)
    if not tasks:
        raise DatasetError(f"{Path(args.data) / (args.split + '.json')}: split has no tasks")
    pred_dir = Path(args.pred)
    if args.generate:
        from .predict import generate_predictions
        progress = None if args.quiet else (lambda m: print(m, file=sys.stderr, flush=True))
        examples = args.examples
        if examples is None and args.split != "train" and (Path(args.data) / "train.json").is_file():
            examples = args.data  # OmniACT's own training tasks, as the paper retrieves them
        options = parser_options(args).as_kwargs()
        counts = generate_predictions(tasks, pred_dir, overwrite=args.overwrite, progress=progress,
                                      llm_base_url=args.llm_base_url, llm_model=args.llm_model,
                                      llm_api_key=args.llm_api_key, parser_options=options,
                                      examples=examples)
        if not args.quiet:
            print(f"detact: predictions: {counts['generated']} generated, {counts['rejected']} "
                  f"rejected by the validator, {counts['failed']} failed (LLM), "
                  f"{counts['kept']} kept", file=sys.stderr)
    elif not pred_dir.is_dir():
        raise DatasetError(f"{pred_dir}: prediction folder not found")

    predictions = {t.index: read_prediction(pred_dir, t) for t in tasks}
    missing = [t for t in tasks if predictions[t.index] is None]
    if missing and args.strict:
        names = " or ".join(prediction_names(missing[0]))
        raise DatasetError(f"{pred_dir}: no prediction for task {missing[0].index} ({names}); "
                           f"{len(missing)} of {len(tasks)} missing")
    if missing and not args.quiet:
        print(f"detact: warning: {len(missing)} of {len(tasks)} tasks have no prediction in "
              f"{pred_dir} (scored as empty scripts)", file=sys.stderr)

    head = {"split": args.split, "data": str(args.data), "pred": str(pred_dir)}
    cc = None
    if args.metric in ("cc-score", "all"):
        from .ccscore import evaluate_tasks

        cc = {**head, **evaluate_tasks(tasks, predictions)}
    if args.metric == "cc-score":
        from .ccscore import to_table as cc_table

        text = to_json(cc) if args.format == "json" else cc_table(cc)
        summary = f"cc score {cc['cc_score']:.4f}"
    else:
        report = evaluate(tasks, predictions, compat=args.compat, missing_box=args.missing_box)
        if report["n_missing_boxes"] and not args.quiet:
            print(f"detact: warning: {report['n_missing_boxes']} gold clicks have no box; "
                  "their click penalties were skipped", file=sys.stderr)
        report = {**head, **report}
        summary = f"sequence score {report['sequence_score']:.4f}, action score {report['action_score']:.4f}"
        if cc is not None:
            from .ccscore import to_table as cc_table

            report["cc"] = {k: v for k, v in cc.items() if k not in head}
            summary += f", cc score {cc['cc_score']:.4f}"
            text = to_json(report) if args.format == "json" else to_table(report) + "\n\n" + cc_table(cc)
        else:
            text = to_json(report) if args.format == "json" else to_table(report)
    if args.output:
        Path(args.output).write_text(text + "\n", encoding="utf-8")
        if not args.quiet:
            print(f"detact: {summary} ({len(tasks)} tasks) -> {args.output}", file=sys.stderr)
    else:
        print(text)
    return 0
