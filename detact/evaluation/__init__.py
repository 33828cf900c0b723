"""OmniACT evaluation: dataset loader, Sequence Score and Action Score, ``detact eval``."""
from .bleu import sentence_bleu
from .dataset import Boxes, DatasetError, Task, load_boxes, load_split, parse_task_file
from .metrics import (OFFICIAL, PAPER, Compat, TaskScore, click_penalty, evaluate, find_box,
                      key_penalty, score_task, sequence_weight, summarize, write_penalty)
from .script import UNKNOWN, Action, parse_script

__all__ = ["Action", "Boxes", "Compat", "DatasetError", "OFFICIAL", "PAPER", "Task", "TaskScore",
           "UNKNOWN", "click_penalty", "evaluate", "find_box", "key_penalty", "load_boxes",
           "load_split", "parse_script", "parse_task_file", "score_task", "sentence_bleu",
           "sequence_weight", "summarize", "write_penalty"]
