"""The task layer: from a parse and a task to a validated PyAutoGUI script.

filter (offline MiniLM + lexical, or LLM) -> few-shot prompt -> LLM -> ast-validated script,
all behind one `TaskPipeline`. Attributes load on first use (lazy_loader), so importing the
validator does not pull in MiniLM or the parser.
"""
import lazy_loader as _lazy

__getattr__, __dir__, __all__ = _lazy.attach(__name__, submod_attrs={
    "script": ["ValidatedScript", "validate_script"],
    "filter": ["filter_elements"],
    "prompt": ["build_prompt"],
    "pipeline": ["TaskPipeline", "TaskContext", "GeneratedScript", "generate_script"],
})
