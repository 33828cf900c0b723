"""``detact serve``: the parser and the task layer over HTTP (FastAPI + uvicorn).

`create_app(settings)` builds the app; models load once in its lifespan. FastAPI is an
optional dependency (``pip install "detact[serve]"``), imported only by `app`.
"""
from .settings import ServiceSettings

__all__ = ["ServiceSettings", "create_app"]


def __getattr__(name):
    if name == "create_app":
        from .app import create_app
        return create_app
    raise AttributeError(name)
