"""``tapiz impacto REV``: qué cambia en las reglas entre una revisión de git y el árbol de trabajo.

Se vuelca lo que calculan las dos versiones del motor (véase ``volcado.py``)
sobre los mismos casos, los ejemplos del libro, y se escribe en Markdown lo
que cambió: las tablas, antes y después; los ejemplos cuyas salidas cambian; y
las probabilidades de cada grado de la tirada de acción.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path, PurePosixPath
from typing import Any

from mkdocs_plugins.extension.pagina import procesar
from mkdocs_plugins.nucleo.fuente import (
    Configuracion,
    leer_ejemplo,
    leer_estructura,
    separar_front_matter,
)
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.modelo.formato import decimal, miles, porcentaje

VOLCADO = Path(__file__).with_name("volcado.py")
GRADOS = (
    ("p_fallo", "Fallo"),
    ("p_exito", "Éxito"),
    ("p_menor", "Menor"),
    ("p_mayor", "Mayor"),
    ("p_extremo", "Extremo"),
)


def valor(dato: Any) -> str:
    """Un valor de antes o de después como se lee en un informe: «5.400», «0,7407», «sí», «—»."""
    if dato is None or dato == [] or dato == {}:
        return "—"
    if isinstance(dato, bool):
        return "sí" if dato else "no"
    if isinstance(dato, int):
        return miles(dato)
    if isinstance(dato, float):
        return decimal(dato, 4)
    texto = str(dato).replace("\n", " ")
    return texto if len(texto) <= 80 else texto[:79] + "…"


def casos_del_libro(configuracion: Configuracion) -> list[dict[str, Any]]:
    """Los ejemplos del libro como casos: su identificador, página y línea, sistema, regla,
    entradas, edición, opcionales y lo que el libro dice que dan (``espera``)."""
    casos = []
    for fichero in sorted(configuracion.paginas.rglob("*.md")):
        markdown, desplazamiento = separar_front_matter(fichero.read_text(encoding="utf-8"))
        base = configuracion.reglamento_de(fichero)
        if base.lienzo is not None:
            continue  # un Lienzo puede traer reglas propias que la otra versión no conoce
        ids = {v.inicio: v.identificador for v in leer_estructura(markdown, desplazamiento).vallas}
        procesada = procesar(configuracion.ruta(fichero), markdown, desplazamiento, base)
        for fragmento in procesada.fragmentos:
            if not fragmento.es_ejemplo:
                continue
            try:
                espec = leer_ejemplo(fragmento.bloque, base)
            except Exception:  # un ejemplo ilegible ya lo señala «tapiz comprobar»
                continue
            casos.append(
                {
                    "id": ids.get(fragmento.bloque.linea),
                    "pagina": configuracion.ruta(fichero),
                    "linea": fragmento.bloque.linea,
                    "titulo": fragmento.titulo,
                    "sistema": espec.reglamento.sistema.nombre,
                    "edicion": espec.reglamento.edicion,
                    "opcionales": sorted(espec.reglamento.opcionales),
                    "regla": espec.regla,
                    "entradas": espec.entradas,
                    "espera": espec.espera,
                }
            )
    return casos


def volcar(
    carpeta: Path, casos: list[dict[str, Any]] | None, orden: str = "impacto"
) -> dict[str, Any]:
    """Lo que calcula el motor de ``carpeta``; sin ``casos``, solo sus declaraciones."""
    proceso = subprocess.run(
        [sys.executable, str(VOLCADO), str(carpeta)]
        + ([] if casos is not None else ["--declaraciones"]),
        input=json.dumps(casos or []),
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    if proceso.returncode != 0:
        ultima = (proceso.stderr.strip().splitlines() or ["sin salida"])[-1]
        raise ErrorTapiz(
            f"no se pudo calcular con el motor de {carpeta.name}: {ultima} (tapiz {orden} "
            "compara revisiones que ya tienen tapiz_rules.sistemas)"
        )
    resultado: dict[str, Any] = json.loads(proceso.stdout)
    return resultado


def extraer(revision: str, raiz: Path, destino: Path) -> None:
    with archivo_de(revision, raiz, "tapiz_rules") as archivo:
        extraer_con_cuidado(archivo, destino)


def comprobar_revision(revision: str) -> None:
    """Una revisión que empieza por «-» no llega a git: sería una de sus opciones."""
    if not revision or revision.startswith("-") or "\0" in revision:
        mostrada = revision.replace("\0", "\\0")
        raise ErrorTapiz(
            f"«{mostrada}» no es una revisión de git (p. ej. HEAD~1, v1.0.0 u origin/main): "
            "no puede estar vacía, empezar por «-» ni llevar un byte nulo"
        )


def archivo_de(revision: str, raiz: Path, carpeta: str) -> tarfile.TarFile:
    """El ``git archive`` de ``carpeta`` en ``revision``; tras ``--end-of-options``, git no
    lee la revisión como una opción (``--output=…`` escribía un fichero)."""
    comprobar_revision(revision)
    try:
        proceso = subprocess.run(
            ["git", "archive", "--format=tar", "--end-of-options", revision, carpeta],
            cwd=raiz,
            capture_output=True,
            check=False,
        )
    except OSError as fallo:  # sin git en el PATH
        raise ErrorTapiz(f"no se pudo ejecutar git: {fallo.strerror}") from None
    if proceso.returncode != 0:
        error = proceso.stderr.decode("utf-8", "replace").strip()
        raise ErrorTapiz(f"no encuentro la revisión «{revision}» en git: {error}")
    try:
        return tarfile.open(fileobj=BytesIO(proceso.stdout))
    except tarfile.TarError as error:
        raise ErrorTapiz(f"git no dio un archivo legible de «{revision}»: {error}") from None


def extraer_con_cuidado(archivo: tarfile.TarFile, destino: Path) -> None:
    """Solo ficheros y carpetas, dentro de ``destino``; también sin ``filter=`` (< 3.11.4)."""
    seguros = []
    for miembro in archivo.getmembers():
        ruta = PurePosixPath(miembro.name)
        if ruta.is_absolute() or ".." in ruta.parts:
            raise ErrorTapiz(f"la revisión trae una ruta fuera de su carpeta: «{miembro.name}»")
        if miembro.isfile() or miembro.isdir():
            seguros.append(miembro)
    if hasattr(tarfile, "data_filter"):
        archivo.extractall(destino, members=seguros, filter="data")
    else:
        archivo.extractall(destino, members=seguros)


def _tabla_md(columnas: list[str], filas: list[list[Any]]) -> list[str]:
    def celda(v: Any) -> str:
        return str(v).replace("|", "\\|")

    return [
        "| " + " | ".join(map(celda, columnas)) + " |",
        "| " + " | ".join("---" for _ in columnas) + " |",
        *("| " + " | ".join(map(celda, fila)) + " |" for fila in filas),
    ]


def partes_tablas(antes: dict[str, Any], despues: dict[str, Any]) -> list[str]:
    """Cada tabla que cambia, antes y después (Markdown)."""
    partes: list[str] = []
    for nombre in sorted(set(antes["tablas"]) | set(despues["tablas"])):
        a, d = antes["tablas"].get(nombre), despues["tablas"].get(nombre)
        if a == d:
            continue
        partes += [f"### Tabla `{nombre}`", ""]
        for etiqueta, t in (("Antes", a), ("Después", d)):
            partes += [f"**{etiqueta}**", ""]
            partes += _tabla_md(t["columnas"], t["filas"]) if t else ["(no existe)"]
            partes.append("")
    return partes


def partes_ejemplos(
    antes: dict[str, Any], despues: dict[str, Any], casos: list[dict[str, Any]]
) -> list[str]:
    """Los ejemplos del libro cuyas salidas cambian (Markdown)."""
    filas = []
    for caso, a, d in zip(casos, antes["resultados"], despues["resultados"], strict=True):
        for salida in sorted(set(a) | set(d)):
            if a.get(salida) != d.get(salida):
                regla = f"{caso['sistema']}/{caso['regla']}"
                donde = f"{caso['pagina']} «{caso['titulo']}»"
                filas.append([regla, donde, salida, valor(a.get(salida)), valor(d.get(salida))])
    if not filas:
        return []
    return [
        "### Ejemplos del libro cuyas salidas cambian",
        "",
        *_tabla_md(["Regla", "Ejemplo", "Salida", "Antes", "Después"], filas),
        "",
    ]


def partes_accion(antes: dict[str, Any], despues: dict[str, Any]) -> list[str]:
    """La probabilidad de cada grado de la tirada de acción donde cambia (Markdown)."""
    cambiadas = [k for k in despues["accion"] if antes["accion"].get(k) != despues["accion"][k]]
    if not cambiadas:
        return []
    columnas = ["Dados de atributo (nivel)", "Resistencia"]
    columnas += [f"{t} antes → después" for _, t in GRADOS]
    filas_accion = []
    for clave in cambiadas:
        nivel, resistencia = clave.split("/")
        a, d = antes["accion"].get(clave, {}), despues["accion"][clave]
        filas_accion.append(
            [nivel, resistencia]
            + [
                f"{porcentaje(a.get(g, 0))} → {porcentaje(d[g])}"
                if a.get(g) != d[g]
                else porcentaje(d[g])
                for g, _ in GRADOS
            ]
        )
    return [
        "### Tirada de acción: probabilidad de cada grado (sin modificadores)",
        "",
        *_tabla_md(columnas, filas_accion),
        "",
    ]


def informe(antes: dict[str, Any], despues: dict[str, Any], casos: list[dict[str, Any]]) -> str:
    partes = partes_tablas(antes, despues)
    partes += partes_ejemplos(antes, despues, casos) + partes_accion(antes, despues)
    if not partes:
        return "## Impacto en las reglas\n\nNingún cambio en tablas, ejemplos ni probabilidades.\n"
    return "## Impacto en las reglas\n\n" + "\n".join(partes)


def impacto(revision: str, configuracion: Configuracion) -> str:
    comprobar_revision(revision)
    casos = casos_del_libro(configuracion)
    with tempfile.TemporaryDirectory() as temporal:
        anterior = Path(temporal)
        extraer(revision, configuracion.raiz, anterior)
        antes = volcar(anterior, casos)
    despues = volcar(configuracion.raiz, casos)
    return informe(antes, despues, casos)
