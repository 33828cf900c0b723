"""Downloadable model weights: the registry manifest, verified downloads, ``detact models``."""
from .registry import ModelSpec, detact_home, get_model, load_registry, model_state, models_dir

__all__ = ["ModelSpec", "detact_home", "get_model", "load_registry", "model_state", "models_dir"]
