"""Puente entre el Markdown del SRD y el motor de reglas."""
