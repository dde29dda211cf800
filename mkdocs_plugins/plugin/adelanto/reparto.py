"""Quién convierte cada página: el estado compartido entre MkDocs y sus auxiliares.

Una proyección de memoria anónima (``mmap``), que los auxiliares heredan al bifurcarse, con un
byte por página y, delante, la página que convierte MkDocs; y un cerrojo para tomar una
página sin que otro la tome a la vez. Es lo mismo que ``multiprocessing.Array`` y ``Value``,
sin importar ``ctypes`` en cada construcción (unos 4 ms).
"""

from __future__ import annotations

import mmap
import struct
from typing import Any

PENDIENTE, EN_OTRO_PROCESO, EN_MKDOCS = 0, 1, 2
_POR_DONDE_VA = struct.Struct("i")


class Reparto:
    def __init__(self, paginas: int, contexto: Any) -> None:
        """``contexto``: el de ``multiprocessing`` con que se bifurcan los auxiliares."""
        self._memoria = mmap.mmap(-1, _POR_DONDE_VA.size + max(paginas, 1))
        self._paginas = paginas
        self._cerrojo = contexto.Lock()
        self.por_donde_va = -1

    @property
    def por_donde_va(self) -> int:
        """La página que convierte MkDocs (-1 antes de la primera)."""
        return int(_POR_DONDE_VA.unpack_from(self._memoria, 0)[0])

    @por_donde_va.setter
    def por_donde_va(self, indice: int) -> None:
        _POR_DONDE_VA.pack_into(self._memoria, 0, indice)

    def __getitem__(self, indice: int) -> int:
        return self._memoria[_POR_DONDE_VA.size + indice]

    def para_mkdocs(self, indice: int) -> bool:
        """MkDocs va a convertir esa página: si nadie la ha tomado, se la queda (True)."""
        self.por_donde_va = indice
        return self._tomar(indice, EN_MKDOCS)

    def para_un_auxiliar(self, indice: int) -> bool:
        """Un auxiliar la toma si nadie la ha tomado y no es la que MkDocs necesita justo
        después de la que convierte (véase ``adelanto._trabajar``)."""
        with self._cerrojo:
            despues = self.por_donde_va
            if despues >= 0 and indice == despues + 1:
                return False
            return self._tomar_sin_cerrojo(indice, EN_OTRO_PROCESO)

    def adelantar_para_mkdocs(self, indice: int) -> int | None:
        """La primera página tras ``indice`` que nadie ha tomado, ya de MkDocs (None si no
        queda ninguna): la que adelanta mientras espera la que tiene otro proceso."""
        with self._cerrojo:
            for siguiente in range(indice + 1, self._paginas):
                if self._tomar_sin_cerrojo(siguiente, EN_MKDOCS):
                    return siguiente
        return None

    def para_el_escritor(self, indice: int) -> bool:
        """El escritor de páginas la toma si nadie la ha tomado (véase ``escritor``)."""
        return self._tomar(indice, EN_OTRO_PROCESO)

    def _tomar(self, indice: int, quien: int) -> bool:
        with self._cerrojo:
            return self._tomar_sin_cerrojo(indice, quien)

    def _tomar_sin_cerrojo(self, indice: int, quien: int) -> bool:
        posicion = _POR_DONDE_VA.size + indice
        if self._memoria[posicion] != PENDIENTE:
            return False
        self._memoria[posicion] = quien
        return True
