"""Errors DetACT raises for things a user can fix. The CLI prints them as one line, exit 2."""


class DetactError(Exception):
    """Base class: a problem with the input or setup, described in one line."""


class ImageError(DetactError):
    """The image could not be used (missing, not an image, truncated, too large, ...)."""


class ModelUnavailable(DetactError):
    """A model or its weights are not installed; the message says how to get them."""


class ScriptRejected(DetactError):
    """An LLM-written script failed validation; the message names the offending call."""


class LLMError(DetactError):
    """The LLM endpoint failed or replied with something unusable."""


class DocumentError(DetactError):
    """A parse document (``detact/parse@1`` or ``@2`` JSON) is malformed; the message says where."""
