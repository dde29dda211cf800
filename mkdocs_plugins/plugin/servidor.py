"""``mkdocs serve`` con el código del motor y del plugin vigilados."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import tapiz_rules

log = logging.getLogger("mkdocs.plugins.tapiz")
CARPETAS_DEL_CODIGO = (Path(tapiz_rules.__file__).parent, Path(__file__).parents[1])
"""El código de Python que decide lo que publica el plugin: el motor y el propio plugin."""


def reiniciar_si_cambia_el_codigo(server: Any) -> Any:
    """Un cambio en el motor o en el plugin reinicia el servidor.

    Reconstruir no basta: los módulos de Python ya importados seguirían siendo
    los viejos. Se vigila su código y, si cambia, el proceso se sustituye por
    un ``mkdocs`` nuevo con los mismos argumentos.
    """
    for carpeta in CARPETAS_DEL_CODIGO:
        server.watch(str(carpeta))
    huella = _huella()
    reconstruir = server.builder

    def reconstruir_o_reiniciar() -> None:
        if _huella() != huella:
            if (fallo := fallo_al_importar()) is not None:
                log.error(
                    "tapiz: el código nuevo no se puede importar; mkdocs serve sigue con el "
                    f"anterior hasta que se arregle:\n{fallo}"
                )
                return
            log.info("tapiz: el motor ha cambiado; mkdocs serve se reinicia con el código nuevo")
            os.execv(sys.executable, [sys.executable, "-m", "mkdocs", *sys.argv[1:]])
        reconstruir()

    server.builder = reconstruir_o_reiniciar
    return server


def fallo_al_importar(
    entorno: dict[str, str] | None = None, carpeta: Path | None = None
) -> str | None:
    """Las últimas líneas del error si el plugin no se importa (un SyntaxError, por ejemplo).

    Se prueba en otro proceso antes de sustituir este: si el nuevo no arrancara,
    el servidor moriría y habría que volver a lanzarlo a mano.
    """
    proceso = subprocess.run(
        [sys.executable, "-c", "import mkdocs_plugins.plugin.plugin"],
        capture_output=True,
        text=True,
        env=entorno,
        cwd=carpeta,
        timeout=120,
        check=False,
    )
    if proceso.returncode == 0:
        return None
    return "\n".join(proceso.stderr.strip().splitlines()[-4:])


def _huella() -> dict[str, int]:
    """Cuándo cambió por última vez cada fichero de Python del código."""
    return {
        str(fichero): fichero.stat().st_mtime_ns
        for carpeta in CARPETAS_DEL_CODIGO
        for fichero in carpeta.rglob("*.py")
    }
