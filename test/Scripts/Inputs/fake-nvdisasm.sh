#!/usr/bin/env bash
# Stand-in for nvdisasm (tests of scripts/sass.sh): checks that its argument
# is an ELF file, as ptxas's cubins are, and prints two SASS lines.
head -c 4 "$1" | grep -q ELF || { echo "fake nvdisasm: $1 is not an ELF file" >&2; exit 1; }
echo "        /*0000*/                   WARPGROUP.ARRIVE ;"
echo "        /*0010*/                   HGMMA.64x64x16.F32 R24, R56, gdesc[UR16], R24, gsb0 ;"
