"""The closed vocabulary of event kinds.

Every catalogue entry yields exactly one of these kinds; ``docs/kinds.md`` is
generated from this table (``python -m kafka_forensics.parsers.kinds``) and a
test keeps the two in step.  A kind names *what happened*, independent of the
Kafka version whose wording reported it: "Preparing to restabilize" (0.10) and
"Preparing to rebalance … (reason: …)" (2.1+) are both ``group_prepare_rebalance``.
"""

from __future__ import annotations

import enum


class Area(enum.StrEnum):
    GROUP = "group coordinator (broker)"
    CONSUMER = "consumer client"
    REPLICATION = "partition replication (broker)"
    CONTROLLER = "controller and state-change"
    KRAFT = "KRaft controller"
    REQUEST = "request log"
    BROKER = "broker lifecycle and identity"
    DATADIR = "Kafka data directory artefacts"
    STATE = "ZooKeeper and KRaft state dumps"


class Kind(enum.StrEnum):
    """An event kind; ``.area`` and ``.doc`` describe it."""

    area: Area
    doc: str

    def __new__(cls, value: str, area: Area, doc: str) -> Kind:
        obj = str.__new__(cls, value)
        obj._value_ = value
        obj.area = area
        obj.doc = doc
        return obj

    # --- group coordinator (broker side, classic protocol and the KIP-848 runtime)
    GROUP_PREPARE_REBALANCE = ("group_prepare_rebalance", Area.GROUP,
        "group enters PreparingRebalance; prev_state, old generation, reason and cause")
    GROUP_STABILIZED = ("group_stabilized", Area.GROUP,
        "join phase complete: new generation, state CompletingRebalance/AwaitingSync (not Stable)")
    GROUP_EMPTY = ("group_empty", Area.GROUP,
        "join phase completed with no members: group is Empty at the new generation")
    GROUP_ASSIGNMENT_RECEIVED = ("group_assignment_received", Area.GROUP,
        "leader's SyncGroup assignment stored: group is Stable")
    GROUP_MEMBER_FAILED = ("group_member_failed", Area.GROUP,
        "member session expired (heartbeat expiration); the member is removed")
    GROUP_PENDING_MEMBER_EXPIRED = ("group_pending_member_expired", Area.GROUP,
        "a pending member (MEMBER_ID_REQUIRED) never rejoined within the session timeout")
    GROUP_MEMBER_LEFT = ("group_member_left", Area.GROUP,
        "member left through an explicit LeaveGroup")
    GROUP_MEMBER_ID_CREATED = ("group_member_id_created", Area.GROUP,
        "coordinator created a member id for a joining member (state says whether it was parked)")
    GROUP_MEMBER_JOINED = ("group_member_joined", Area.GROUP,
        "a member (pending, static or dynamic) was added to the group")
    GROUP_STATIC_MEMBER_REPLACED = ("group_static_member_replaced", Area.GROUP,
        "a static member rejoined with an unknown member id and replaced its old id")
    GROUP_MEMBER_FENCED = ("group_member_fenced", Area.GROUP,
        "a request was fenced (static member id mismatch, KIP-848 fencing)")
    GROUP_MEMBERS_REMOVED = ("group_members_removed", Area.GROUP,
        "members dropped at join completion or sync expiration")
    GROUP_LEADER_REELECTED = ("group_leader_reelected", Area.GROUP,
        "the group leader failed to rejoin and another member was elected leader")
    GROUP_REBALANCE_FAILED = ("group_rebalance_failed", Area.GROUP,
        "a rebalance could not complete (no member rejoined, group dead, ...)")
    GROUP_EMPTY_ASSIGNMENT = ("group_empty_assignment", Area.GROUP,
        "coordinator filled missing or sent empty assignments")
    GROUP_STATIC_JOIN_NO_REBALANCE = ("group_static_join_no_rebalance", Area.GROUP,
        "a static member rejoined without triggering a rebalance")
    GROUP_DEAD = ("group_dead", Area.GROUP, "group transitioned to Dead")
    GROUP_DELETED = ("group_deleted", Area.GROUP, "groups deleted (DeleteGroups / tombstones)")
    GROUP_LOADED = ("group_loaded", Area.GROUP, "group metadata loaded by a new coordinator")
    GROUP_UNLOADED = ("group_unloaded", Area.GROUP,
        "group metadata unloaded: the coordinator moved away")
    GROUP_WRITE_FAILED = ("group_write_failed", Area.GROUP,
        "writing group metadata to __consumer_offsets failed")
    GROUP_EPOCH_BUMPED = ("group_epoch_bumped", Area.GROUP,
        "KIP-848 consumer group epoch bumped")
    GROUP_TARGET_ASSIGNMENT = ("group_target_assignment", Area.GROUP,
        "KIP-848 new target assignment computed")
    GROUP_MEMBER_ASSIGNMENT = ("group_member_assignment", Area.GROUP,
        "KIP-848 member assignment state changed")
    GROUP_SUBSCRIPTION_METADATA = ("group_subscription_metadata", Area.GROUP,
        "KIP-848 subscription metadata computed")
    COORDINATOR_ELECTED = ("coordinator_elected", Area.GROUP,
        "broker became coordinator for a __consumer_offsets partition")
    COORDINATOR_RESIGNED = ("coordinator_resigned", Area.GROUP,
        "broker resigned as coordinator for a __consumer_offsets partition")
    COORDINATOR_LOAD_SCHEDULED = ("coordinator_load_scheduled", Area.GROUP,
        "loading of a __consumer_offsets partition scheduled")
    COORDINATOR_LOADED = ("coordinator_loaded", Area.GROUP,
        "loading of a __consumer_offsets partition finished (duration_ms)")
    COORDINATOR_UNLOAD_SCHEDULED = ("coordinator_unload_scheduled", Area.GROUP,
        "unloading of a __consumer_offsets partition scheduled")
    COORDINATOR_UNLOADED = ("coordinator_unloaded", Area.GROUP,
        "unloading of a __consumer_offsets partition finished")
    COORDINATOR_LOAD_SKIPPED = ("coordinator_load_skipped", Area.GROUP,
        "load or unload not done (already loading, stale epoch, no log)")
    COORDINATOR_LIFECYCLE = ("coordinator_lifecycle", Area.GROUP,
        "group coordinator starting up / shutting down (state)")
    OFFSETS_EXPIRED = ("offsets_expired", Area.GROUP,
        "offset-expiration run: count offsets removed in duration_ms")
    OFFSETS_DELETED = ("offsets_deleted", Area.GROUP,
        "offsets removed for deleted partitions or by OffsetDelete")
    OFFSET_COMMIT_MIXED = ("offset_commit_mixed", Area.GROUP,
        "a group received both consumer and transactional offset commits")
    GROUP_STALE_EXPIRATION = ("group_stale_expiration", Area.GROUP,
        "a heartbeat or sync expiration fired for a member, generation or group already gone: "
        "nothing changes")
    GROUP_CREATED = ("group_created", Area.GROUP,
        "a simple consumer group was created implicitly by a manual offset commit")
    GROUP_CONVERSION = ("group_conversion", Area.GROUP,
        "KIP-848 online upgrade / downgrade between a classic and a consumer group refused (reason)")
    GROUP_PROTOCOL_UNPARSEABLE = ("group_protocol_unparseable", Area.GROUP,
        "the coordinator could not parse a group's consumer-protocol metadata (topics unknown to it)")
    GROUP_RESPONSE_FAILED = ("group_response_failed", Area.GROUP,
        "a parked JoinGroup / SyncGroup response could not be completed (callback error)")
    COORDINATOR_LOAD_FAILED = ("coordinator_load_failed", Area.GROUP,
        "loading a __consumer_offsets partition failed, or its state machine is reloaded (error)")
    COORDINATOR_LOAD_ANOMALY = ("coordinator_load_anomaly", Area.GROUP,
        "loading went on past something odd (buffer above offsets.load.buffer.size, unknown key)")

    # --- consumer client (AbstractCoordinator / ConsumerCoordinator / new consumer)
    CONSUMER_COORDINATOR_DISCOVERED = ("consumer_coordinator_discovered", Area.CONSUMER,
        "consumer discovered its group coordinator (node = coordinator broker id)")
    CONSUMER_COORDINATOR_LOST = ("consumer_coordinator_lost", Area.CONSUMER,
        "consumer marked its coordinator dead / unavailable")
    CONSUMER_JOINING = ("consumer_joining", Area.CONSUMER, "consumer sends JoinGroup ((Re-)joining group)")
    CONSUMER_JOINED = ("consumer_joined", Area.CONSUMER,
        "consumer joined at a generation (member id, protocol where logged)")
    CONSUMER_SYNCED = ("consumer_synced", Area.CONSUMER, "consumer completed SyncGroup at a generation")
    CONSUMER_REJOIN_REQUESTED = ("consumer_rejoin_requested", Area.CONSUMER,
        "consumer decided to rejoin (reason)")
    CONSUMER_GENERATION_RESET = ("consumer_generation_reset", Area.CONSUMER,
        "consumer reset its generation (and member id)")
    CONSUMER_JOIN_FAILED = ("consumer_join_failed", Area.CONSUMER, "JoinGroup failed (error)")
    CONSUMER_SYNC_FAILED = ("consumer_sync_failed", Area.CONSUMER, "SyncGroup failed (error)")
    CONSUMER_HEARTBEAT_FAILED = ("consumer_heartbeat_failed", Area.CONSUMER,
        "heartbeat failed (rebalancing, unknown member, illegal generation, ...)")
    CONSUMER_POLL_TIMEOUT = ("consumer_poll_timeout", Area.CONSUMER,
        "max.poll.interval.ms expired: the consumer leaves the group")
    CONSUMER_LEAVE = ("consumer_leave", Area.CONSUMER, "consumer sends LeaveGroup (reason)")
    CONSUMER_PARTITIONS_REVOKED = ("consumer_partitions_revoked", Area.CONSUMER,
        "consumer revoked partitions")
    CONSUMER_PARTITIONS_ASSIGNED = ("consumer_partitions_assigned", Area.CONSUMER,
        "consumer was assigned partitions")
    CONSUMER_PARTITIONS_LOST = ("consumer_partitions_lost", Area.CONSUMER,
        "consumer lost its partitions (generation reset)")
    CONSUMER_ASSIGNMENT_UPDATED = ("consumer_assignment_updated", Area.CONSUMER,
        "cooperative protocol: assigned / owned / added / revoked partitions")
    CONSUMER_ASSIGNMENT_COMPUTED = ("consumer_assignment_computed", Area.CONSUMER,
        "the leader computed the group assignment")
    CONSUMER_OFFSET_COMMIT_FAILED = ("consumer_offset_commit_failed", Area.CONSUMER,
        "offset commit failed")
    CONSUMER_OFFSET_RESET = ("consumer_offset_reset", Area.CONSUMER,
        "consumer set its fetch position (committed offset, reset, none found)")
    CONSUMER_MEMBER_TRANSITION = ("consumer_member_transition", Area.CONSUMER,
        "new consumer (KIP-848) member state transition")
    CONSUMER_DISCONNECTED = ("consumer_disconnected", Area.CONSUMER,
        "consumer has been disconnected from the coordinator for a while")
    CONSUMER_FENCED = ("consumer_fenced", Area.CONSUMER,
        "consumer member fenced outside a named request: static group.instance.id taken over "
        "(FENCED_INSTANCE_ID) or a new-protocol member fenced while leaving")

    # --- partition replication (leader and follower sides)
    ISR_SHRINK = ("isr_shrink", Area.REPLICATION,
        "leader shrinks the ISR (a proposal in AlterPartition mode); hw, leo, lagging replicas")
    ISR_EXPAND = ("isr_expand", Area.REPLICATION, "leader expands the ISR")
    ISR_UPDATED = ("isr_updated", Area.REPLICATION,
        "ISR change committed (zk_version / partition epoch after the write)")
    ISR_UPDATE_SKIPPED = ("isr_update_skipped", Area.REPLICATION,
        "`Cached zkVersion … not equal to that in zookeeper, skip updating ISR` (KAFKA-2729)")
    ISR_UPDATE_FAILED = ("isr_update_failed", Area.REPLICATION,
        "AlterIsr / AlterPartition rejected or failed (error)")
    LEADER_EPOCH_START = ("leader_epoch_start", Area.REPLICATION,
        "broker becomes leader of a partition at a leader epoch (offset, hw, isr)")
    FOLLOWER_EPOCH_START = ("follower_epoch_start", Area.REPLICATION,
        "broker becomes follower of a partition at a leader epoch")
    BECOME_LEADER_FOLLOWER = ("become_leader_follower", Area.REPLICATION,
        "LeaderAndIsr handling on the broker (become-leader / become-follower, skipped, ignored)")
    FOLLOWER_TRUNCATION = ("follower_truncation", Area.REPLICATION,
        "fetcher decides to truncate a follower (offset, hw; below the HW = possible loss)")
    LOG_TRUNCATION = ("log_truncation", Area.REPLICATION, "the log was truncated to an offset")
    LOG_START_OFFSET = ("log_start_offset", Area.REPLICATION, "log start offset incremented")
    HW_INITIAL = ("hw_initial", Area.REPLICATION,
        "replica loaded with an initial high watermark (or none checkpointed)")
    HW_UPDATE = ("hw_update", Area.REPLICATION, "high watermark updated")
    HW_NON_MONOTONIC = ("hw_non_monotonic", Area.REPLICATION,
        "`Non-monotonic update of high watermark` (the HW went backwards)")
    NOT_ENOUGH_REPLICAS = ("not_enough_replicas", Area.REPLICATION,
        "produce rejected: ISR smaller than min.insync.replicas")
    APPEND_ERROR = ("append_error", Area.REPLICATION, "produce append failed (error)")
    FETCH_SERVE_ERROR = ("fetch_serve_error", Area.REPLICATION,
        "the leader failed to serve a fetch (consumer or follower) for a partition (error)")
    FETCH_OFFSET_RESET = ("fetch_offset_reset", Area.REPLICATION,
        "follower fetch offset out of range and reset")
    FETCH_ERROR = ("fetch_error", Area.REPLICATION, "replica fetcher error for a partition")
    EPOCH_CACHE_UPDATE = ("epoch_cache_update", Area.REPLICATION,
        "leader-epoch cache entry appended / cleared")
    EPOCH_CACHE_CONFLICT = ("epoch_cache_conflict", Area.REPLICATION,
        "new epoch entry truncated conflicting entries (diverged history)")
    FETCHER_ADDED = ("fetcher_added", Area.REPLICATION, "replica fetchers added for partitions")
    FETCHER_REMOVED = ("fetcher_removed", Area.REPLICATION, "replica fetchers removed for partitions")
    PARTITION_RECOVERING = ("partition_recovering", Area.REPLICATION,
        "partition marked RECOVERING after an unclean election (KIP-704)")
    LOG_LOADED = ("log_loaded", Area.REPLICATION, "log segments loaded / recovered on startup")
    LOG_CORRUPTION = ("log_corruption", Area.REPLICATION, "corruption found while recovering a log")
    LOG_SEGMENT = ("log_segment", Area.REPLICATION,
        "log segment rolled, scheduled for deletion or deleted (state; base offset, reason)")
    PRODUCER_STATE = ("producer_state", Area.REPLICATION,
        "producer state loaded, rebuilt or snapshotted for a partition log (offset)")
    LOG_DIR_FAILURE = ("log_dir_failure", Area.REPLICATION,
        "a log directory went offline: its replicas stop being served and fetched")
    REPLICATION_LIFECYCLE = ("replication_lifecycle", Area.REPLICATION,
        "replica manager, replica fetcher threads / managers or log-dir failure handler "
        "starting, shutting down, stopped (state)")

    # --- controller (ZooKeeper mode) and state-change log
    CONTROLLER_ELECTED = ("controller_elected", Area.CONTROLLER,
        "broker elected controller (controller_epoch, zk_version of /controller_epoch)")
    CONTROLLER_RESIGNED = ("controller_resigned", Area.CONTROLLER, "controller resigned / moved")
    CONTROLLER_EPOCH = ("controller_epoch", Area.CONTROLLER,
        "controller epoch read, initialised or incremented")
    CONTROLLER_LIFECYCLE = ("controller_lifecycle", Area.CONTROLLER,
        "controller start-up / failover / shutdown step")
    CONTROLLER_CHANGE = ("controller_change", Area.CONTROLLER,
        "a broker observed a controller change (new controller id)")
    BROKER_CHANGE = ("broker_change", Area.CONTROLLER,
        "controller saw broker membership change (brokers added / deleted / live)")
    BROKER_FAILURE = ("broker_failure", Area.CONTROLLER, "controller handles a broker failure")
    BROKER_STARTUP = ("broker_startup", Area.CONTROLLER, "controller handles a broker start-up")
    BROKER_SHUTDOWN = ("broker_shutdown", Area.CONTROLLER, "controller handles a controlled shutdown")
    LIVE_BROKERS = ("live_brokers", Area.CONTROLLER, "controller's list of live / shutting brokers")
    PARTITION_STATE_CHANGE = ("partition_state_change", Area.CONTROLLER,
        "partition state machine transition (with leader, leader epoch, isr, zk_version)")
    PARTITION_STATE_CHANGE_FAILED = ("partition_state_change_failed", Area.CONTROLLER,
        "partition state change failed (no live replica in ISR: offline partition)")
    REPLICA_STATE_CHANGE = ("replica_state_change", Area.CONTROLLER,
        "replica state machine transition")
    CONTROLLER_ISR_REMOVAL = ("controller_isr_removal", Area.CONTROLLER,
        "controller removed a replica from the ISR (broker failure / OfflineReplica)")
    LEADER_AND_ISR_SENT = ("leader_and_isr_sent", Area.CONTROLLER,
        "controller sends LeaderAndIsr / UpdateMetadata / StopReplica")
    LEADER_AND_ISR_RECEIVED = ("leader_and_isr_received", Area.CONTROLLER,
        "broker received / handled / finished a controller request")
    LEADER_AND_ISR_IGNORED = ("leader_and_isr_ignored", Area.CONTROLLER,
        "broker ignored a LeaderAndIsr (stale leader epoch / controller epoch)")
    NEW_LEADER_AND_ISR = ("new_leader_and_isr", Area.CONTROLLER,
        "controller decided a new leader and ISR (≤1.0 JSON rendering)")
    LEADER_EPOCH_UPDATED = ("leader_epoch_updated", Area.CONTROLLER,
        "controller updated a partition's leader epoch")
    UNCLEAN_ELECTION = ("unclean_election", Area.CONTROLLER,
        "leader elected from outside the ISR: potential data loss")
    PREFERRED_ELECTION = ("preferred_election", Area.CONTROLLER,
        "preferred / auto leader election started, completed or failed")
    LEADER_ELECTION = ("leader_election", Area.CONTROLLER,
        "controller started or retried a leader election")
    CONTROLLER_ALTER_ISR = ("controller_alter_isr", Area.CONTROLLER,
        "controller handled / rejected an AlterIsr / AlterPartition")
    CACHED_LEADER_INFO = ("cached_leader_info", Area.CONTROLLER,
        "broker cached partition state from UpdateMetadata")
    ISR_CHANGE_NOTIFICATION = ("isr_change_notification", Area.CONTROLLER,
        "ISR change notification written or processed")
    TOPIC_CHANGE = ("topic_change", Area.CONTROLLER,
        "topics / partitions created, deleted or reassigned")
    CONTROLLER_REQUEST_ERROR = ("controller_request_error", Area.CONTROLLER,
        "controller-to-broker request failed or got an error response")
    CONTROLLER_RESPONSE = ("controller_response", Area.CONTROLLER,
        "controller received a broker's response to LeaderAndIsr / UpdateMetadata / StopReplica "
        "(count = partitions in error, error = the first error)")

    # --- KRaft quorum controller
    KRAFT_PARTITION_CHANGE = ("kraft_partition_change", Area.KRAFT,
        "KRaft partition change (isr / leader / epochs; UNCLEAN when cause says so)")
    KRAFT_PARTITION_CREATED = ("kraft_partition_created", Area.KRAFT,
        "KRaft PartitionRecord replayed (new or existing partition)")
    KRAFT_TOPIC_CREATED = ("kraft_topic_created", Area.KRAFT, "KRaft TopicRecord replayed")
    KRAFT_TOPIC_DELETED = ("kraft_topic_deleted", Area.KRAFT,
        "KRaft RemoveTopicRecord replayed: the topic is deleted")
    KRAFT_TOPIC_REQUEST = ("kraft_topic_request", Area.KRAFT,
        "CreateTopics / DeleteTopics outcome on the active controller "
        "(first topic, error; details lists all)")
    KRAFT_CONFIG_CHANGE = ("kraft_config_change", Area.KRAFT,
        "KRaft ConfigRecord replayed: a topic / broker configuration set or removed")
    KRAFT_FEATURE_LEVEL = ("kraft_feature_level", Area.KRAFT,
        "metadata.version / feature level set, upgraded or downgraded")
    KRAFT_METADATA_TRANSACTION = ("kraft_metadata_transaction", Area.KRAFT,
        "KIP-868 metadata transaction begun, ended or aborted in the metadata log (offset)")
    KRAFT_BROKER_FENCED = ("kraft_broker_fenced", Area.KRAFT, "KRaft controller fenced a broker")
    KRAFT_BROKER_UNFENCED = ("kraft_broker_unfenced", Area.KRAFT,
        "KRaft broker unfenced: it caught up with the metadata log and may lead partitions again")
    KRAFT_BROKER_CONTROLLED_SHUTDOWN = ("kraft_broker_controlled_shutdown", Area.KRAFT,
        "KRaft controlled shutdown of a broker requested, pending, granted or skipped (state)")
    KRAFT_HEARTBEAT_FAILED = ("kraft_heartbeat_failed", Area.KRAFT,
        "a broker's heartbeat to the KRaft controller was not sent or got an error (error)")
    KRAFT_BROKER_REGISTERED = ("kraft_broker_registered", Area.KRAFT,
        "KRaft broker registration replayed / changed")
    KRAFT_CONTROLLER_ACTIVE = ("kraft_controller_active", Area.KRAFT,
        "node became / renounced the active KRaft controller")
    KRAFT_LEADER_CHANGE = ("kraft_leader_change", Area.KRAFT, "metadata quorum leader changed")
    KRAFT_ALTER_PARTITION = ("kraft_alter_partition", Area.KRAFT,
        "KRaft controller handled / rejected AlterPartition")
    KRAFT_PARTITION_TRANSITION = ("kraft_partition_transition", Area.KRAFT,
        "KRaft broker transitions partitions to leaders / followers")
    KRAFT_SNAPSHOT = ("kraft_snapshot", Area.KRAFT, "KRaft metadata snapshot written or loaded")
    KRAFT_ELECTION = ("kraft_election", Area.KRAFT,
        "metadata quorum election step: candidacy, votes, timeouts, resignation, quorum-state transitions")
    KRAFT_METADATA_CATCHUP = ("kraft_metadata_catchup", Area.KRAFT,
        "a node's metadata loader catching up with / caught up to the high watermark, publishers installed")
    KRAFT_LIFECYCLE = ("kraft_lifecycle", Area.KRAFT,
        "KRaft controller / raft client created, started or shut down; listeners; ZK-migration steps")
    KRAFT_PERIODIC_TASK = ("kraft_periodic_task", Area.KRAFT,
        "controller periodic task registered, activated or run (records generated = count, duration_ms)")
    KRAFT_CONTROLLER_PERFORMANCE = ("kraft_controller_performance", Area.KRAFT,
        "controller event-queue summary or exceptionally slow event (count, duration_ms of the slowest)")
    KRAFT_CONTROLLER_ERROR = ("kraft_controller_error", Area.KRAFT,
        "a controller event failed or could not start (event, error; a failover when it renounces)")
    KRAFT_BROKER_REGISTRATION_FAILED = ("kraft_broker_registration_failed", Area.KRAFT,
        "a broker's registration with the KRaft controller was rejected or not sent (error, e.g. "
        "DUPLICATE_BROKER_REGISTRATION while the previous incarnation's session lives)")
    KRAFT_LOG_TRUNCATION = ("kraft_log_truncation", Area.KRAFT,
        "a metadata-quorum follower truncated its log to the leader's (divergence after a leader "
        "change) or fully, after downloading a snapshot (offset, controller = the leader)")

    # --- request log
    REQUEST_COMPLETED = ("request_completed", Area.REQUEST,
        "`Completed request:` for any API (api, client, error, duration; group fields for group APIs)")
    REQUEST_RECEIVED = ("request_received", Area.REQUEST,
        "a network processor received a request (TRACE; api, client, correlation id, forwarded)")
    REQUEST_AUTHORIZATION = ("request_authorization", Area.REQUEST,
        "authorizer decision (kafka.authorizer.logger): "
        "principal Allowed / Denied an operation on a resource")

    # --- broker lifecycle and identity
    BROKER_CONFIG = ("broker_config", Area.BROKER,
        "`KafkaConfig values:` dump (details = the config map)")
    CLIENT_CONFIG = ("client_config", Area.BROKER,
        "`ConsumerConfig values:` / `ProducerConfig values:` dump (details = the config map)")
    BROKER_LIFECYCLE = ("broker_lifecycle", Area.BROKER,
        "broker process starting, started, shutting down, shut down (state)")
    ZK_SESSION = ("zk_session", Area.BROKER,
        "ZooKeeper client session established, expired or re-initialised")
    CLUSTER_ID = ("cluster_id", Area.BROKER, "the cluster id the broker reports")
    APP_INFO = ("app_info", Area.BROKER,
        "a Kafka process's start banner (AppInfoParser): details.version (`Kafka version: 2.8.0`), "
        "details.commit_id or details.start_time_ms; or its app info unregistered at shut-down "
        "(details.prefix, details.id)")
    LOG4J_MBEAN_REGISTERED = ("log4j_mbean_registered", Area.BROKER,
        "log4j registered a logger as a JMX MBean (`preRegister called`, DEBUG): a JVM using this "
        "log configuration started (ZooKeeper's ManagedUtil does it for every configured logger)")

    # --- Kafka data directory artefacts (read natively)
    GROUP_METADATA_RECORD = ("group_metadata_record", Area.DATADIR,
        "GroupMetadata record in a __consumer_offsets segment: generation, protocol, member = leader, "
        "members = count (details: each member); state Dead for a tombstone; offset = its log offset")
    OFFSET_COMMIT_RECORD = ("offset_commit_record", Area.DATADIR,
        "offset commit record in a __consumer_offsets segment: group, topic, partition, offset = the "
        "committed offset, leader_epoch (details: metadata, commit/expire time, tombstone)")
    CONSUMER_GROUP_RECORD = ("consumer_group_record", Area.DATADIR,
        "KIP-848 consumer-group record in a __consumer_offsets segment (group, member, generation = "
        "group / assignment / member epoch; details.record names the type)")
    CHECKPOINT_ENTRY = ("checkpoint_entry", Area.DATADIR,
        "an entry of a replication (hw = high watermark) / recovery-point / log-start / cleaner "
        "(offset) checkpoint; details.checkpoint says which")
    LEADER_EPOCH_ENTRY = ("leader_epoch_entry", Area.DATADIR,
        "an entry of a leader-epoch-checkpoint: leader_epoch and offset = its start offset")
    NODE_IDENTITY = ("node_identity", Area.DATADIR,
        "meta.properties (node = broker.id / node.id, details.cluster_id) or partition.metadata "
        "(details.topic_id) identity")
    KRAFT_QUORUM_STATE = ("kraft_quorum_state", Area.DATADIR,
        "KRaft quorum-state file: leader, leader_epoch, brokers = voters")
    KRAFT_METADATA_RECORD = ("kraft_metadata_record", Area.DATADIR,
        "a record of a KRaft metadata log / snapshot, raft control records included (details.type, "
        "details.data = the decoded record; offset = its log offset)")
    PRODUCER_SNAPSHOT = ("producer_snapshot", Area.DATADIR,
        "a producer-state snapshot file: offset = the log end offset it was taken at, count = producers")
    SEGMENT_BATCH = ("segment_batch", Area.DATADIR,
        "a record batch of a log segment not otherwise decoded: offset = base offset, count, "
        "leader_epoch, ts = max timestamp (details: codec, producer, CRC, control type)")
    SEGMENT_RECORD = ("segment_record", Area.DATADIR,
        "a record of an internal topic's segment that could not be decoded (details.reason, sizes)")

    # --- ZooKeeper and KRaft state: znodes (binary txn logs, snapshots, ZooKeeper's tools)
    # One row per znode change (a txn log) or per znode (a snapshot, a capture): zk_path, zk_op,
    # zxid, zk_session, zk_data, zk_version, ts = the txn's time / the node's mtime.
    ZK_PARTITION_STATE = ("zk_partition_state", Area.STATE,
        "/brokers/topics/T/partitions/P/state: topic, partition, leader, leader_epoch, isr, "
        "controller_epoch; zk_version = the partition epoch (details.leader_recovery_state, KIP-704)")
    ZK_TOPIC_ASSIGNMENT = ("zk_topic_assignment", Area.STATE,
        "/brokers/topics/T: topic, count and partitions; details.partitions = replicas per partition, "
        "adding_replicas / removing_replicas (v2, 2.4+), topic_id (v3, 2.8+)")
    ZK_BROKER_REGISTRATION = ("zk_broker_registration", Area.STATE,
        "/brokers/ids/N (ephemeral): brokers = [N], zk_session = its owner; details: endpoints, rack, "
        "version 1-5 ...; created = registered (czxid = broker epoch, 2.2+), deleted = session gone")
    ZK_CONTROLLER = ("zk_controller", Area.STATE,
        "/controller (ephemeral): controller = the elected broker (details.kraft_controller_epoch, 3.4+); "
        "deleted = controller resigned or its session ended")
    ZK_CONTROLLER_EPOCH = ("zk_controller_epoch", Area.STATE, "/controller_epoch: controller_epoch")
    ZK_ISR_CHANGE_NOTIFICATION = ("zk_isr_change_notification", Area.STATE,
        "/isr_change_notification/isr_change_N: partitions whose ISR a leader changed (created by "
        "the leader, deleted by the controller once read)")
    ZK_REASSIGNMENT = ("zk_reassignment", Area.STATE,
        "/admin/reassign_partitions: partitions being reassigned (details.partitions: replicas, log_dirs)")
    ZK_PREFERRED_REPLICA_ELECTION = ("zk_preferred_replica_election", Area.STATE,
        "/admin/preferred_replica_election: partitions asked to elect their preferred leader")
    ZK_TOPIC_DELETION = ("zk_topic_deletion", Area.STATE,
        "/admin/delete_topics/T: topic marked for deletion (created) or deleted (node removed)")
    ZK_CONFIG = ("zk_config", Area.STATE,
        "/config/<type>/<name>: dynamic config overrides (details.entity_type, entity_name, config); "
        "topic for topic configs")
    ZK_CONFIG_CHANGE = ("zk_config_change", Area.STATE,
        "/config/changes/config_change_N: a config change notification (details.entity_path)")
    ZK_LOG_DIR_EVENT = ("zk_log_dir_event", Area.STATE,
        "/log_dir_event_notification/log_dir_event_N: brokers = [the broker with a failed log dir]")
    ZK_CLUSTER_ID = ("zk_cluster_id", Area.STATE, "/cluster/id: details.cluster_id")
    ZK_CONSUMER_OFFSET = ("zk_consumer_offset", Area.STATE,
        "/consumers/G/offsets/T/P: an old (ZooKeeper-based) consumer's committed offset")
    ZK_NODE = ("zk_node", Area.STATE,
        "any other znode (path, data, stat); details.data = its JSON object, if it holds one")
    ZK_SERVER_SESSION = ("zk_server_session", Area.STATE,
        "a ZooKeeper session as the server recorded it: state created (createSession, "
        "details.timeout_ms), closed (closeSession, details.ephemerals deleted with it) or live (a "
        "snapshot's session list); zk_session = its id")
    ZK_TXN = ("zk_txn", Area.STATE,
        "a ZooKeeper transaction that changes no znode: a failed multi (error), or an op this "
        "reader does not decode (details.op_code)")

    # --- ZooKeeper and KRaft state: captures (zkCli, JSON exports, kafka-topics, KRaft dumps)
    # A zkCli `get` / `stat` or an export's znode takes the znode's own kind above (zk_op = the
    # read: getData, exists); a kafka-dump-log metadata dump's records take kraft_metadata_record,
    # as a metadata log's own records do.  ts = the node's mtime, the record's time, or the
    # capture's time (then details.ts_from = "capture") where the output has none.
    ZK_CHILDREN = ("zk_children", Area.STATE,
        "a zkCli `ls` / `ls -s` / `ls2` of zk_path: details.children, count (brokers = the ids under "
        "/brokers/ids); `ls -R`: details.paths below it; error NONODE when the node did not exist")
    ZK_WATCHED_EVENT = ("zk_watched_event", Area.STATE,
        "a WatchedEvent a zkCli capture printed: state = the session state, details.type = the "
        "event type (NodeDataChanged ...), zk_path; zxid (ZooKeeper 3.9+)")
    TOPIC_DESCRIBED = ("topic_described", Area.STATE,
        "`kafka-topics --describe` topic line: topic, count = partitions; details: replication_factor, "
        "configs, topic_id (2.8+), marked_for_deletion")
    PARTITION_DESCRIBED = ("partition_described", Area.STATE,
        "`kafka-topics --describe` partition line: topic, partition, leader (-1 = none), replicas, isr; "
        "details: adding / removing replicas (2.6+), elr / last_known_elr (3.8+)")
    GROUP_DESCRIBED = ("group_described", Area.STATE,
        "`kafka-consumer-groups --describe --state` row or its notes: group, state, members, "
        "protocol = assignment strategy, coordinator; state Empty / details.rebalancing from the "
        "tool's `has no active members` / `is rebalancing` notes")
    GROUP_MEMBER_DESCRIBED = ("group_member_described", Area.STATE,
        "`kafka-consumer-groups --describe --members` row: group, member = consumer id, instance_id, "
        "client_id, count = partitions; details.host, partitions (--verbose)")
    GROUP_OFFSET_DESCRIBED = ("group_offset_described", Area.STATE,
        "`kafka-consumer-groups --describe [--offsets]` row: group, topic, partition, offset = "
        "CURRENT-OFFSET, leo = LOG-END-OFFSET, member, client_id; details: lag, host")
    KRAFT_PARTITION_STATE = ("kraft_partition_state", Area.STATE,
        "a partition of a KRaft metadata image (kafka-metadata-shell `cat`): topic, partition, replicas, "
        "isr, leader, leader_epoch, zk_version = partition epoch; details: ELR, recovery state")
    KRAFT_BROKER_STATE = ("kraft_broker_state", Area.STATE,
        "a broker of a KRaft metadata image (kafka-metadata-shell `cat`): brokers = [id], state fenced / "
        "unfenced; details: broker_epoch, incarnation_id, endpoints, rack, in_controlled_shutdown")
    KRAFT_IMAGE_NODE = ("kraft_image_node", Area.STATE,
        "any other node a kafka-metadata-shell `cat` printed: details.path, details.value")


def markdown() -> str:
    """The vocabulary as the Markdown document kept in docs/kinds.md."""
    out = [
        "# Event kinds",
        "",
        "The closed vocabulary of the `kind` column of the event table. Generated from",
        "`parsers/kinds.py` by `python -m kafka_forensics.parsers.kinds > docs/kinds.md`;",
        "a test fails when the two differ.",
        "",
    ]
    for area in Area:
        out += [f"## {area.value}", "", "| kind | meaning |", "|---|---|"]
        out += [f"| `{k.value}` | {k.doc} |" for k in Kind if k.area is area]
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":  # pragma: no cover - documentation generator
    print(markdown(), end="")
