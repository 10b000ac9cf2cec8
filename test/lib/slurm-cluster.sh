#!/usr/bin/env bash
# A single-node Slurm cluster for the tests (docs/dse.md, "The test cluster"):
# munged, slurmctld and slurmd on loopback, every file (key, configuration,
# state, spool, logs, sockets) inside DIR, ports picked free, run as the
# current user (root in CI).
#
#   slurm-cluster.sh start DIR   start it; prints the SLURM_CONF to export
#   slurm-cluster.sh stop DIR    stop it (whatever state it is in) and remove DIR's daemons' files
#
# The caller exports SLURM_CONF=DIR/slurm.conf for sbatch and squeue.
set -euo pipefail

cmd=${1:?usage: slurm-cluster.sh start|stop DIR}
dir=${2:?usage: slurm-cluster.sh start|stop DIR}

stop() {
  for pidfile in "$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munge/pid"; do
    if [ -s "$pidfile" ]; then
      pid=$(cat "$pidfile")
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -9 "$pid" 2>/dev/null || true
    fi
  done
}

# A TCP port nobody listens on.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

case "$cmd" in
stop)
  stop
  exit 0
  ;;
start) ;;
*)
  echo "slurm-cluster.sh: unknown command '$cmd'" >&2
  exit 2
  ;;
esac

for tool in munged slurmctld slurmd sbatch squeue; do
  command -v "$tool" >/dev/null || PATH=$PATH:/usr/sbin
  command -v "$tool" >/dev/null || { echo "slurm-cluster.sh: $tool is not installed (scripts/install-deps.sh)" >&2; exit 1; }
done

mkdir -p "$dir"/{state,spool,log,munge}
chmod 700 "$dir/munge"
dd if=/dev/urandom of="$dir/munge/key" bs=1024 count=1 status=none
chmod 400 "$dir/munge/key"
munged --socket="$dir/munge/sock" --key-file="$dir/munge/key" --pid-file="$dir/munge/pid" \
  --log-file="$dir/munge/log" --seed-file="$dir/munge/seed" --force

host=$(hostname -s)
user=$(id -un)
cpus=$(nproc)
cat > "$dir/slurm.conf" <<EOF
# A one-node test cluster (test/lib/slurm-cluster.sh).
ClusterName=stratatest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=$user
SlurmdUser=$user
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
AuthType=auth/munge
AuthInfo=socket=$dir/munge/sock
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
SchedulerType=sched/builtin
MinJobAge=5
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$dir/slurm.conf
slurmctld -i
slurmd
# Wait until the node takes jobs.
for _ in $(seq 100); do
  if sinfo -h -o %t 2>/dev/null | grep -q idle; then
    echo "$SLURM_CONF"
    exit 0
  fi
  sleep 0.2
done
echo "slurm-cluster.sh: the node never became idle; logs in $dir/log" >&2
tail -5 "$dir/log/"*.log >&2 || true
stop
exit 1
