"""``tapiz impacto REV`` y los valores del motor en la prosa: un cambio de regla se ve entero."""

from __future__ import annotations

import io
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from mkdocs_plugins.extension.pagina import procesar
from mkdocs_plugins.herramientas.cli import main
from mkdocs_plugins.herramientas.impacto import extraer_con_cuidado
from tapiz_rules.errores import ErrorTapiz

RAIZ = Path(__file__).resolve().parents[2]
ESPRINT = '"esprint": 3}'


@pytest.fixture
def repositorio(tmp_path: Path) -> Path:
    """Una copia del motor y del libro en un git propio, con un commit."""
    for nombre in ("tapiz_rules", "srd"):
        shutil.copytree(
            RAIZ / nombre, tmp_path / nombre, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copy(RAIZ / "tapiz.yml", tmp_path / "tapiz.yml")
    for orden in (
        ["git", "init", "-q"],
        ["git", "add", "-A"],
        ["git", "-c", "user.name=t", "-c", "user.email=t@t.invalid", "commit", "-qm", "base"],
    ):
        subprocess.run(orden, cwd=tmp_path, check=True, capture_output=True)
    return tmp_path


def test_impacto_de_un_esprint_mas_largo(
    repositorio: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    parametros = repositorio / "tapiz_rules" / "sistemas" / "tapiz" / "parametros.py"
    texto = parametros.read_text(encoding="utf-8")
    assert ESPRINT in texto
    parametros.write_text(texto.replace(ESPRINT, '"esprint": 4}'), encoding="utf-8")
    monkeypatch.chdir(repositorio)
    assert main(["impacto", "HEAD"]) == 0
    salida = capsys.readouterr().out
    assert salida.startswith("## Impacto en las reglas\n")
    assert "### Tabla `tapiz/tabla_movimiento_combate`" in salida
    assert "| Esprint | 3 metros por ronda |" in salida
    assert "| Esprint | 4 metros por ronda |" in salida
    fila = "| tapiz/movimiento_combate | srd/rango-y-movimiento.md «El esprint de Sharra» | metros"
    assert f"{fila} | 90 | 120 |" in salida
    assert "Tirada de acción" not in salida  # el esprint no cambia las probabilidades


def test_impacto_sin_cambios_y_con_una_revision_que_no_existe(
    repositorio: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(repositorio)
    assert main(["impacto", "HEAD"]) == 0
    assert "Ningún cambio en tablas, ejemplos ni probabilidades." in capsys.readouterr().out
    assert main(["impacto", "no-existe"]) == 2
    assert capsys.readouterr().err.startswith("tapiz: error: no encuentro la revisión «no-existe»")


def test_un_umbral_distinto_cambia_las_probabilidades(
    repositorio: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    parametros = repositorio / "tapiz_rules" / "sistemas" / "tapiz" / "parametros.py"
    texto = parametros.read_text(encoding="utf-8")
    parametros.write_text(texto.replace('Grado("menor", 5, 2)', 'Grado("menor", 4, 2)'), "utf-8")
    monkeypatch.chdir(repositorio)
    assert main(["impacto", "HEAD"]) == 0
    salida = capsys.readouterr().out
    assert "### Tirada de acción: probabilidad de cada grado (sin modificadores)" in salida
    assert "| 0 | 10 | 45,0 % | 55,0 % | 25,0 % → 30,0 % |" in salida


def test_un_valor_del_motor_en_la_prosa_sigue_a_la_regla() -> None:
    marca = "{{= movimiento_combate(mov=30, tipo=esprint).metros"
    texto = "Hasta " + marca + " }} y " + marca + " sin_unidad }} metros.\n"
    procesada = procesar("srd/x.md", texto)
    assert 'Hasta <span class="tapiz-valor">90 m</span>' in procesada.html
    assert '<span class="tapiz-valor">90</span> metros' in procesada.html
    assert procesada.problemas == []


def test_un_valor_del_motor_mal_escrito_es_un_error_con_su_linea() -> None:
    procesada = procesar("srd/x.md", "Título\n\nHasta {{= movimiento(mov=30).metros }}.\n", 4)
    assert [str(p) for p in procesada.problemas] == [
        "srd/x.md:7: valor del motor «{{= movimiento(mov=30).metros }}»: regla desconocida "
        "«movimiento» en el sistema «tapiz». Consulta el catálogo de reglas."
    ]


def test_una_marca_de_valor_sin_cerrar_no_pasa_en_silencio() -> None:
    procesada = procesar("srd/x.md", "Hasta {{= movimiento_combate(mov=30).metros } metros.\n")
    assert [str(p) for p in procesada.problemas] == [
        "srd/x.md:1: marca de valor del motor sin cerrar o mal escrita: «{{= movimiento_combate"
        "(mov=30).metros } metros.»; se escribe {{= regla(entrada=valor, …).salida }}"
    ]


def _tar(*miembros: tarfile.TarInfo) -> tarfile.TarFile:
    memoria = io.BytesIO()
    with tarfile.open(fileobj=memoria, mode="w") as archivo:
        for miembro in miembros:
            archivo.addfile(miembro, io.BytesIO(b"x" * miembro.size))
    memoria.seek(0)
    return tarfile.open(fileobj=memoria)


@pytest.mark.parametrize("con_filtro", [True, False], ids=["python-3.11.4+", "python-3.11.0"])
def test_extraer_una_revision_no_sale_de_su_carpeta(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, con_filtro: bool
) -> None:
    """Sin ``tarfile.data_filter`` (antes de 3.11.4) se filtra a mano: ni ``..`` ni enlaces."""
    if not con_filtro:
        monkeypatch.delattr(tarfile, "data_filter", raising=False)
    fichero = tarfile.TarInfo("tapiz_rules/motor.py")
    fichero.size = 3
    enlace = tarfile.TarInfo("tapiz_rules/enlace")
    enlace.type, enlace.linkname = tarfile.SYMTYPE, "/etc/passwd"
    extraer_con_cuidado(_tar(fichero, enlace), tmp_path)
    assert (tmp_path / "tapiz_rules" / "motor.py").read_bytes() == b"xxx"
    assert not (tmp_path / "tapiz_rules" / "enlace").exists()
    fuera = tarfile.TarInfo("../fuera.py")
    fuera.size = 1
    with pytest.raises(ErrorTapiz, match="fuera de su carpeta"):
        extraer_con_cuidado(_tar(fuera), tmp_path / "otra")
    assert not (tmp_path / "fuera.py").exists()
