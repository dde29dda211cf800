"""El publicador: del Markdown del SRD al sitio, con cada regla ejecutada por el motor.

- ``nucleo``: sin ningún framework; bloques, su lectura, su ejecución y su HTML.
- ``extension``: la extensión de Python-Markdown (el camino por el que se muestra una página).
- ``plugin``: el plugin de MkDocs ``tapiz``; ``pytest_plugin``: el de pytest.
- ``herramientas``: la orden ``tapiz`` para quien contribuye (``comprobar``, ``impacto``…).
"""

__all__ = ["extension", "herramientas", "nucleo", "plugin", "pytest_plugin"]
