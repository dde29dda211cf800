"""Las vallas de código coloreadas una vez: su HTML sale de la caché igual, con las anclas de
cada línea numeradas como si se hubieran coloreado (``extension/resaltado.py``)."""

from __future__ import annotations

from typing import Any

import pytest
from markdown import Markdown
from pymdownx.highlight import Highlight

from mkdocs_plugins.extension import Pagina, TapizExtension
from mkdocs_plugins.extension.pagina import EXTENSIONES
from mkdocs_plugins.nucleo.datos import Cache
from tapiz_rules.sistemas import reglamento

PAGINA = """\
# Código

```python
print("uno")
```

```yaml linenums="1"
a: 1
b: 2
```

```text
fin
```
"""
ANCLAS = {"pymdownx.highlight": {"anchor_linenums": True}}


def _convertir(guardada: Cache, ajustes: dict[str, Any]) -> str:
    extension = TapizExtension()
    extension.pagina = Pagina("srd/codigo.md", reglamento(), 0)
    extension.cache = guardada
    md = Markdown(
        extensions=[*EXTENSIONES, "pymdownx.highlight", extension], extension_configs=ajustes
    )
    return md.convert(PAGINA)


def _contar_coloreadas(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Las vallas que colorea Pygments desde ahora (SuperFences calla una excepción de su
    formateador y deja la valla como código en línea: se cuentan, no se impiden)."""
    coloreadas: list[str] = []
    original = Highlight.highlight

    def colorear(self: Highlight, src: str, *args: Any, **kwargs: Any) -> str:
        coloreadas.append(src)
        return str(original(self, src, *args, **kwargs))

    monkeypatch.setattr(Highlight, "highlight", colorear)
    return coloreadas


def test_de_la_cache_sale_el_mismo_html_sin_colorear_otra_vez(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    guardada = Cache(None, huella="")
    primera = _convertir(guardada, ANCLAS)
    assert primera.count('<div class="highlight">') == 3
    # La de yaml es la segunda valla de código de la página: sus anclas llevan su número (1).
    assert 'href="#__codelineno-1-2"' in primera
    coloreadas = _contar_coloreadas(monkeypatch)
    assert _convertir(guardada, ANCLAS) == primera
    assert coloreadas == []


def test_con_otra_configuracion_del_coloreado_se_colorea_otra_vez(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    guardada = Cache(None, huella="")
    _convertir(guardada, ANCLAS)
    coloreadas = _contar_coloreadas(monkeypatch)
    otra = {"pymdownx.highlight": {"anchor_linenums": True, "css_class": "resaltado"}}
    assert _convertir(guardada, otra).count('<div class="resaltado">') == 3
    assert len(coloreadas) == 3
