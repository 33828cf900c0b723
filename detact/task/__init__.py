"""The task layer: from a parse and a task to a validated PyAutoGUI script.

filter (offline MiniLM + lexical, or LLM) -> few-shot prompt -> LLM -> ast-validated script.
Submodules import their heavy dependencies (MiniLM, the parser) only when used.
"""
from .script import ValidatedScript, validate_script

__all__ = ["ValidatedScript", "validate_script", "filter_elements", "generate_script",
           "build_prompt", "GeneratedScript", "TaskContext"]


def __getattr__(name):
    if name == "filter_elements":
        from .filter import filter_elements
        return filter_elements
    if name == "build_prompt":
        from .prompt import build_prompt
        return build_prompt
    if name in ("generate_script", "GeneratedScript", "TaskContext"):
        from . import generate
        return getattr(generate, name)
    raise AttributeError(name)
